import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, expect, test } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import {
  type ClockServer,
  signInAsDemo,
  startClockServer,
  stopClockServer,
} from "../support/e2e-clock-server";
import { waitForHydration } from "../support/e2e-flows";

// Compliance end to end. Each server here runs on an injected clock (VITRINA_NOW), never the real
// date: Friday 2026-11-20, first at 09:30 in Skopje, then a second server at 10:30 for a missed day.

// Own servers beside the suite's webServer (which listens on E2E_PORT).
// E2E_PORT + 5 is the fake Google server (tests/support/e2e-env.ts).
const PORT = Number(process.env.E2E_PORT ?? 3301) + 7;

type Server = ClockServer;

// These tests play the demo's owner answering (or not) by 10:00: the demo's own morning
// confirmation (decision 0028) would answer first. tests/e2e/demo-morning.spec.ts covers it.
const startServer = (now: string, port: number) => startClockServer(now, port, { DEMO_SELF_CONFIRM: "off" });
const stopServer = stopClockServer;
const signIn = signInAsDemo;

let browser: Browser;
let morning: Server;
const contexts: BrowserContext[] = [];

async function newContext(server: Server, lang = "en") {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
  contexts.push(context);
  return context;
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  morning = await startServer("2026-11-20T08:30:00Z", PORT);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  stopServer(morning);
});

test("the public stamp says when prices were last confirmed, in mk, en and sq, above the fold", async () => {
  const expected = {
    mk: "Последна потврда на 19 ное. 2026",
    en: "Last confirmed on 19 Nov 2026",
    sq: "Konfirmuar për herë të fundit më 19 nën 2026",
  };
  for (const [lang, text] of Object.entries(expected)) {
    const page = await (await newContext(morning, lang)).newPage();
    await page.goto(`${morning.url}/demo`);
    const stamp = page.getByTestId("price-stamp");
    await expect(stamp).toHaveText(text);
    await expect(stamp).toBeInViewport();
  }
});

test("the owner says no, fixes a price, then confirms; the public page shows today's confirmation", async () => {
  const page = await (await newContext(morning)).newPage();
  await signIn(page, morning);
  await expect(page.getByRole("heading", { name: "Are today's prices correct?" })).toBeVisible();
  await page.getByRole("button", { name: "No, fix prices" }).click();
  await expect(page.getByText("You answered no.")).toBeVisible();
  // Decision 0040: the demo's discounts are promotions with their dates, so nothing needs attention and
  // "Yes" confirms at once (the confirm-anyway step is compliance-stores.spec's).
  await page.getByRole("button", { name: "Yes, confirm prices" }).click();
  await expect(page.getByRole("button", { name: "Yes, confirm anyway" })).toHaveCount(0);
  await expect(page.getByText(/Prices confirmed today at 09:3\d/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Are today's prices correct?" })).toHaveCount(0);

  const visitor = await (await newContext(morning, "en")).newPage();
  await visitor.goto(`${morning.url}/demo`);
  // The injected clock runs from 09:30: on a busy machine the answer may come a minute or more later.
  await expect(visitor.getByTestId("price-stamp")).toHaveText(
    /^Prices valid on 20 Nov 2026, confirmed at 09:3\d$/,
  );
  const mk = await (await newContext(morning, "mk")).newPage();
  await mk.goto(`${morning.url}/demo`);
  await expect(mk.getByTestId("price-stamp")).toHaveText(
    /^Цените важат на 20 ное\. 2026, потврдени во 09:3\d$/,
  );
});

test("sort by price and only-discounted live in the URL and render on the server", async () => {
  const page = await (await newContext(morning)).newPage();
  await page.goto(`${morning.url}/demo`);
  await waitForHydration(page);
  await page.getByLabel("Sort").selectOption("price_desc");
  await expect(page).toHaveURL(/\?sort=price_desc$/);
  // Each change applies at once, without a "Show" button.
  await page.getByLabel("Only discounted").check();
  await expect(page).toHaveURL(/\?sort=price_desc&discounted=1$/);
  const cards = page.locator("li[data-product-id]");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  const prices: number[] = [];
  for (let i = 0; i < count; i++) {
    await expect(cards.nth(i).getByText(/^Discount \d+ %, you save MKD/)).toBeVisible();
    const text = (await cards.nth(i).locator("[data-price]").textContent())!;
    prices.push(Number(text.replace(/[^\d.]/g, "")));
  }
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  // The same view, rendered by the server from the URL alone.
  const direct = await (await newContext(morning)).newPage();
  await direct.goto(`${morning.url}/demo?sort=price_desc&discounted=1`);
  await expect(direct.locator("li[data-product-id]")).toHaveCount(count);
});

test("a signed-out visitor's report reaches the owner's list and mailbox", async () => {
  const mailDir = path.join(morning.dataDir, "mail");
  const before = readdirSync(mailDir, { withFileTypes: true }).length;
  const visitor = await (await newContext(morning)).newPage();
  await visitor.goto(`${morning.url}/demo`);
  const card = visitor.locator("li[data-product-id]").first();
  const name = (await card.getByRole("heading").textContent())!;
  await card.getByRole("link", { name: `Report a problem with ${name}` }).click();
  const dialog = visitor.getByRole("dialog", { name: `Report a problem with ${name}` });
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Choose at least one reason")).toBeVisible();
  await dialog.getByLabel("Price").check();
  await dialog.getByLabel("Description").fill("The shelf says 10 denars less.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Thank you! The store has been notified.")).toBeVisible();

  await expect.poll(() => readdirSync(mailDir).length).toBeGreaterThan(before);
  const newest = readdirSync(mailDir).sort().at(-1)!;
  expect(readFileSync(path.join(mailDir, newest), "utf8")).toContain("/dashboard/reports");

  const owner = await (await newContext(morning)).newPage();
  await signIn(owner, morning);
  await owner.goto(`${morning.url}/dashboard/reports`);
  await expect(owner.getByText("The shelf says 10 denars less.")).toBeVisible();
  await expect(owner.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(owner.getByText("Price reports to correct within 24 hours")).toBeVisible();
});

test("the CSV and JSON feeds parse and match the page; the PDF's text holds the products", async ({
  request,
}) => {
  const page = await (await newContext(morning)).newPage();
  await page.goto(`${morning.url}/demo`);
  const count = Number((await page.getByText(/^\d+ products$/).textContent())!.split(" ")[0]);
  const firstName = (await page.locator("li[data-product-id] h3").first().textContent())!;

  const firstPrice = (await page.locator("li[data-product-id] [data-price]").first().textContent())!;

  const json = await (await request.get(`${morning.url}/demo/prices.json`)).json();
  expect(json.products).toHaveLength(count);
  expect(json.products[0].name).toBe(firstName);
  // The page's price ("MKD 1,234.50") is the file's ("1234.50").
  expect(firstPrice.replace(/[^\d.]/g, "")).toBe(json.products[0].price);
  expect(json.confirmedAt).toMatch(/^2026-11-20T08:3\d/);

  const csvResponse = await request.get(`${morning.url}/demo/prices.csv`);
  expect(csvResponse.headers().etag).toBeTruthy();
  expect(csvResponse.headers()["last-modified"]).toBeTruthy();
  const csv = (await csvResponse.body()).toString("utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(count + 1);
  expect(lines[1]!.startsWith(firstName) || lines[1]!.startsWith(`"${firstName}"`)).toBe(true);
  const cached = await request.get(`${morning.url}/demo/prices.csv`, {
    headers: { "if-none-match": csvResponse.headers().etag! },
  });
  expect(cached.status()).toBe(304);

  const pdf = await request.get(`${morning.url}/demo/price-list.pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-pdf-"));
  writeFileSync(path.join(dir, "list.pdf"), await pdf.body());
  const text = execFileSync("pdftotext", [path.join(dir, "list.pdf"), "-"], { encoding: "utf8" });
  for (const product of json.products.slice(0, 5)) expect(text).toContain(product.name);
});

test("a past day's archive stays the same after prices change", async ({ request }) => {
  const archived = await request.get(`${morning.url}/demo/prices/2026-11-19.csv`);
  expect(archived.status()).toBe(200);
  const before = await archived.text();

  const page = await (await newContext(morning)).newPage();
  await signIn(page, morning);
  await page.locator("a[href^='/dashboard/products/']").first().click();
  const price = page.getByLabel("Selling price incl. VAT (MKD)");
  await price.fill("9999");
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/dashboard\/products$/);

  expect(await (await request.get(`${morning.url}/demo/prices/2026-11-19.csv`)).text()).toBe(before);
  expect(before).not.toContain("9999.00");
  expect(await (await request.get(`${morning.url}/demo/prices.csv`)).text()).toContain("9999.00");
  expect((await request.get(`${morning.url}/demo/prices/2025-01-01.csv`)).status()).toBe(404);
});

test("an unanswered day is recorded as missed after 10:00", async () => {
  const late = await startServer("2026-11-20T09:30:00Z", PORT + 1);
  try {
    const page = await (await newContext(late)).newPage();
    await signIn(page, late);
    await expect(page.getByText("Today's 10:00 deadline passed without a confirmation.")).toBeVisible();
    await page.getByText("Price confirmations, last 30 days").click();
    await expect(page.locator("li[data-day='2026-11-20']")).toHaveAttribute("data-state", "missed");
    await expect(page.locator("li[data-state='skipped']")).toHaveCount(1);
  } finally {
    stopServer(late);
  }
});
