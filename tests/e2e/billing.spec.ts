import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, expect, type Page, test } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import {
  type ClockServer,
  demoPassword,
  startClockServer,
  stopClockServerAndWait,
} from "../support/e2e-clock-server";
import { startFakeCpayPage } from "../support/fake-cpay-page";

// Billing end to end, in Macedonian, on an injected clock (VITRINA_NOW, never the real date). One
// data directory, started again days later: the demo store (seeded with 20 days of its free month
// left and a pending monthly payment) sees its trial end soon, then expire, which makes it inactive;
// the owner chooses a plan, downloads the pro-forma invoice, an admin marks the payment paid in the
// admin area, and the store is public again at once.

const PORT = Number(process.env.E2E_PORT ?? 3301) + 9;

// Friday 2026-11-20, 09:30 in Skopje: the demo's free month ends 20 days later, on 10 Dec.
const SEEDED = "2026-11-20T08:30:00Z";
const FOUR_DAYS_LEFT = "2026-12-06T08:30:00Z";
const EXPIRED = "2026-12-11T08:30:00Z";

let browser: Browser;
let server: ClockServer | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-e2e-billing-"));

async function restartAt(now: string) {
  if (server) await stopClockServerAndWait(server);
  server = await startClockServer(now, PORT, { DEMO_SELF_CONFIRM: "off" }, { dataDir });
  return server;
}

async function ownerPage(at: ClockServer): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: "mk", url: at.url }]);
  const page = await context.newPage();
  await page.goto(`${at.url}/auth/login`);
  await page.getByLabel("Е-пошта").fill("demo@vitrina.mk");
  await page.getByLabel("Лозинка").fill(demoPassword(at));
  await page.getByRole("button", { name: "Најави се", exact: true }).click();
  await page.waitForURL(/\/dashboard\//);
  return page;
}

async function visitorPage(at: ClockServer): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addCookies([{ name: "lang", value: "mk", url: at.url }]);
  return context.newPage();
}

const INACTIVE_NOTICE = "Оваа продавница моментално не е активна. Ценовникот не е достапен.";

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

test.afterAll(async () => {
  await browser?.close();
  if (server) await stopClockServerAndWait(server);
});

test("the free month: days remaining, the next payment date and the demo's pending invoice", async () => {
  const at = await restartAt(SEEDED);
  const page = await ownerPage(at);
  await expect(page.getByTestId("billing-banner")).toHaveCount(0);
  await page.getByRole("navigation", { name: "Мени" }).getByRole("link", { name: "Наплата" }).click();
  const status = page.getByTestId("billing-status");
  await expect(status).toContainText("Пробниот период е активен");
  await expect(status).toContainText("Преостанати денови20");
  await expect(status).toContainText("10 дек. 2026");
  await expect(page.getByTestId("pending-payment")).toContainText("VT-000001");
});

test("four days before the end every dashboard page shows the banner with the way to pay", async () => {
  const at = await restartAt(FOUR_DAYS_LEFT);
  const page = await ownerPage(at);
  for (const url of ["/dashboard/products", "/dashboard/categories", "/dashboard/settings"]) {
    await page.goto(`${at.url}${url}`);
    const banner = page.getByTestId("billing-banner");
    await expect(banner).toContainText("Бесплатниот месец завршува за 4 дена, на 10 дек. 2026.");
    await expect(banner.getByRole("link", { name: "Изберете план и платете" })).toHaveAttribute(
      "href",
      "/dashboard/payment",
    );
  }
  // The public page is still public.
  const visitor = await visitorPage(at);
  await visitor.goto(`${at.url}/demo`);
  await expect(visitor.getByText(INACTIVE_NOTICE)).toHaveCount(0);
});

test("after the trial the store is inactive; choosing a plan creates a pending payment and its invoice", async () => {
  const at = await restartAt(EXPIRED);
  const visitor = await visitorPage(at);
  // The expiry job runs at start-up: the page turns inactive as soon as it has run.
  await expect(async () => {
    await visitor.goto(`${at.url}/demo`);
    await expect(visitor.getByText(INACTIVE_NOTICE)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  expect((await visitor.request.get(`${at.url}/demo/prices.csv`)).status()).toBe(404);
  expect((await visitor.request.get(`${at.url}/demo/price-list.pdf`)).status()).toBe(404);

  // The owner still reaches the dashboard, told why and how to pay.
  const page = await ownerPage(at);
  const banner = page.getByTestId("billing-banner");
  await expect(banner).toContainText("Бесплатниот месец заврши на 10 дек. 2026.");
  await expect(banner).toContainText("Јавната страница е неактивна");
  await banner.getByRole("link", { name: "Изберете план и платете" }).click();
  await expect(page.getByRole("heading", { name: "Изберете план", level: 1 })).toBeVisible();
  await page.getByRole("radio", { name: /Годишен/ }).check();
  await page.getByRole("radio", { name: /Банкарски трансфер/ }).check();
  await page.getByRole("button", { name: "Креирај профактура" }).click();

  await page.waitForURL(/\/dashboard\/settings\/billing$/);
  const pending = page.getByTestId("pending-payment");
  await expect(pending).toContainText("VT-000002");
  await expect(pending).toContainText("10.000,00");
  await expect(page.getByTestId("billing-status")).toContainText("Пробниот период истече");
  // The demo's earlier monthly payment was replaced (a cancelled event, never an edit).
  await expect(page.getByRole("listitem").filter({ hasText: "VT-000001" })).toContainText("Откажано");

  const downloading = page.waitForEvent("download");
  await pending.getByRole("link", { name: "Преземи профактура (PDF)" }).click();
  const download = await downloading;
  const file = path.join(dataDir, "invoice.pdf");
  await download.saveAs(file);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(text).toContain("Профактура VT-000002");
  expect(text).toContain("Број за повикување: VT-000002");
  expect(text).toContain("Демо Трговија ДООЕЛ Скопје");
  expect(text).toContain("10.000,00");
});

test("an admin marks the payment paid: the store is public again at once, with its next payment date", async () => {
  const at = server!;
  // The admin area's transactions (the same markTransactionPaid the card callback and the CLI use).
  const admin = await visitorPage(at);
  const credentials = readFileSync(path.join(dataDir, "admin-credentials.txt"), "utf8");
  const signIn = await admin.request.post(`${at.url}/api/auth/sign-in/email`, {
    data: {
      email: /^email: (.+)$/m.exec(credentials)![1]!.trim(),
      password: /^password: (.+)$/m.exec(credentials)![1]!.trim(),
    },
    headers: { Origin: at.url },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  await admin.goto(`${at.url}/admin/transactions`);
  await admin.getByRole("button", { name: "Означи како платено VT-000002" }).click();
  await expect(admin.getByText("Плаќањето е означено како платено: планот е активен")).toBeVisible();

  const visitor = await visitorPage(at);
  await visitor.goto(`${at.url}/demo`);
  await expect(visitor.getByText(INACTIVE_NOTICE)).toHaveCount(0);
  await expect(visitor.getByRole("heading", { name: "Маркет Демо", level: 1 })).toBeVisible();
  expect((await visitor.request.get(`${at.url}/demo/prices.csv`)).status()).toBe(200);

  const page = await ownerPage(at);
  await expect(page.getByTestId("billing-banner")).toHaveCount(0);
  await page.goto(`${at.url}/dashboard/settings/billing`);
  const status = page.getByTestId("billing-status");
  await expect(status).toContainText("Активен");
  await expect(status).toContainText("Годишен");
  await expect(status).toContainText("11 дек. 2027");
  await expect(page.getByRole("listitem").filter({ hasText: "VT-000002" })).toContainText("Платено");
});

test("a card payment through cPay's hosted page: the return says 'being confirmed' until cPay's notification makes the plan active", async () => {
  // Two server starts on a fresh data directory: 6.5 min on a machine at load 30.
  test.setTimeout(600_000);
  const secret = "E2E_CPAY_KEY";
  // The notification leaves cPay when the test says so, to see the page before and after it.
  const cpay = await startFakeCpayPage(secret, { holdNotification: true });
  try {
    // A fresh store whose free month has ended, on a server with cPay configured.
    if (server) await stopClockServerAndWait(server);
    const cardDir = mkdtempSync(path.join(tmpdir(), "vitrina-e2e-card-"));
    server = await startClockServer(SEEDED, PORT, { DEMO_SELF_CONFIRM: "off" }, { dataDir: cardDir });
    await stopClockServerAndWait(server);
    // The server's own process may hold the port a moment after npx has exited.
    await expect(async () => {
      const answered = await fetch(`${server!.url}/robots.txt`).then(
        () => true,
        () => false,
      );
      expect(answered).toBe(false);
    }).toPass({ timeout: 15_000 });
    server = await startClockServer(
      EXPIRED,
      PORT,
      {
        DEMO_SELF_CONFIRM: "off",
        CPAY_MERCHANT_ID: "1000000123",
        CPAY_MERCHANT_NAME: "Vitrina",
        CPAY_SECRET: secret,
        CPAY_URL: cpay.url,
      },
      { dataDir: cardDir },
    );
    const at = server;
    const page = await ownerPage(at);
    await page.goto(`${at.url}/dashboard/payment`);
    await page.getByRole("radio", { name: /Месечен/ }).check();
    await page.getByRole("radio", { name: /Платежна картичка/ }).check();
    await page
      .getByRole("button", { name: /Продолжи|Креирај/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Продолжи кон плаќање" }).click();

    // cPay's page: the amount in hundredths of a denar.
    await expect(page.getByRole("heading", { name: "cPay: 120000 MKD" })).toBeVisible();
    await page.getByRole("button", { name: "Плати" }).click();
    await expect(page.getByRole("heading", { name: "Плаќањето е успешно" })).toBeVisible();

    // Back at the merchant before cPay's notification: nothing is recorded yet.
    await page.getByRole("button", { name: "Назад кон трговецот" }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/billing\?card=/, { timeout: 20_000 });
    const notice = page.getByTestId("card-return");
    await expect(notice).toContainText("Го потврдуваме вашето плаќање со картичка кај банката.");
    await expect(page.getByTestId("billing-status")).toContainText("Пробниот период истече");
    const visitor = await visitorPage(at);
    await visitor.goto(`${at.url}/demo`);
    await expect(visitor.getByText(INACTIVE_NOTICE)).toBeVisible();

    // cPay's notification arrives; the page, asking again by itself, says paid.
    expect(await cpay.notifyNow()).toBe(200);
    await expect(notice).toContainText("Ви благодариме: плаќањето со картичка е евидентирано", {
      timeout: 20_000,
    });
    const status = page.getByTestId("billing-status");
    await expect(status).toContainText("Активен");
    await expect(status).toContainText("Месечен");
    await expect(page.getByRole("listitem").filter({ hasText: "Платено" })).toHaveCount(1);
    await visitor.goto(`${at.url}/demo`);
    await expect(visitor.getByText(INACTIVE_NOTICE)).toHaveCount(0);

    // A repeated notification records nothing twice.
    expect(await cpay.notifyNow()).toBe(200);
    await page.reload();
    await expect(page.getByRole("listitem").filter({ hasText: "Платено" })).toHaveCount(1);
    expect(cpay.notifications).toEqual([200, 200]);
  } finally {
    await cpay.close();
  }
});
