import { type Browser, type BrowserContext, chromium, expect, test } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import {
  type ClockServer,
  signInAsDemo,
  startClockServer,
  stopClockServer,
} from "../support/e2e-clock-server";

// Decision 0028, on injected clocks (Friday 2026-11-20; Skopje is UTC+1):
// - a first start at 11:30 finds the demo store confirmed this morning, between 07:00 and 09:30;
// - an owner who confirms at 14:36 is told the deadline was missed, the calendar shows the day in
//   its own "confirmed late" colour, and the public stamp still shows the true time.

// E2E_PORT + 5 is the fake Google server, + 7 and + 8 are compliance.spec.ts's servers; a session's
// ports stay below E2E_PORT + 10.
const PORT = Number(process.env.E2E_PORT ?? 3301) + 3;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newPage(server: ClockServer, lang = "en") {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
  contexts.push(context);
  return context.newPage();
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

test("a first start after 07:00 finds the demo store confirmed this morning", async () => {
  const server = await startClockServer("2026-11-20T10:30:00Z", PORT);
  try {
    const visitor = await newPage(server);
    await visitor.goto(`${server.url}/demo`);
    const stamp = visitor.getByTestId("price-stamp");
    await expect(stamp).toHaveText(
      /^Prices valid on 20 Nov 2026, confirmed at (07:\d\d|08:\d\d|09:[0-2]\d|09:30)$/,
    );

    const owner = await newPage(server);
    await signInAsDemo(owner, server);
    await expect(owner.getByRole("heading", { name: "Are today's prices correct?" })).toHaveCount(0);
    await expect(owner.getByText(/^Prices confirmed today at 0[789]:\d\d$/)).toBeVisible();
    await expect(owner.getByText("The 10:00 deadline was missed")).toHaveCount(0);
    await owner.getByText("Price confirmations, last 30 days").click();
    await expect(owner.locator("li[data-day='2026-11-20']")).toHaveAttribute("data-state", "confirmed");
    // The seeded month: one skipped and one missed day, nothing late.
    await expect(owner.locator("li[data-state='missed']")).toHaveCount(1);
    await expect(owner.locator("li[data-state='late']")).toHaveCount(0);
  } finally {
    stopClockServer(server);
  }
});

test("a confirmation at 14:36 is 'confirmed late' on the dashboard; the public stamp shows 14:36", async () => {
  // The demo's own morning confirmation is off: its owner plays one who forgot.
  const server = await startClockServer("2026-11-20T13:36:00Z", PORT + 1, { DEMO_SELF_CONFIRM: "off" });
  try {
    const owner = await newPage(server);
    await signInAsDemo(owner, server);
    await expect(owner.getByText("Today's 10:00 deadline passed without a confirmation.")).toBeVisible();
    await owner.getByRole("button", { name: "Yes, confirm prices" }).click();
    await expect(owner.getByText(/^Prices confirmed today at 14:3\d$/)).toBeVisible();
    await expect(
      owner.getByText("The 10:00 deadline was missed: today is recorded as confirmed late."),
    ).toBeVisible();
    await owner.getByText("Price confirmations, last 30 days").click();
    const today = owner.locator("li[data-day='2026-11-20']");
    await expect(today).toHaveAttribute("data-state", "late");
    await expect(today).toHaveAttribute("title", /^20 Nov 2026: Confirmed late 14:3\d$/);
    // Its own colour: neither the on-time green nor the missed red.
    const colour = (state: string) =>
      owner
        .locator(`li[data-state='${state}']`)
        .first()
        .evaluate((li) => getComputedStyle(li).backgroundColor);
    const late = await colour("late");
    expect(late).not.toBe(await colour("confirmed"));
    expect(late).not.toBe(await colour("missed"));

    const visitor = await newPage(server, "mk");
    await visitor.goto(`${server.url}/demo`);
    await expect(visitor.getByTestId("price-stamp")).toHaveText(
      /^Цените важат на 20 ное\. 2026, потврдени во 14:3\d$/,
    );
  } finally {
    stopClockServer(server);
  }
});
