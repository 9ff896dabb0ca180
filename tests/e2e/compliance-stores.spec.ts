import type { APIRequestContext } from "@playwright/test";
import { demoCredentials } from "../support/e2e-env";
import {
  type Account,
  apiRequest,
  createOwner,
  expect,
  type StoreOwner,
  test,
  uniqueId,
} from "../support/e2e-fixtures";
import { createProduct } from "../support/e2e-flows";
import { messagesTo } from "../support/e2e-mail";

// Compliance between two stores on the suite's server: a report reaches only its store's owner, who
// filters and resolves it; neither reports nor confirmations cross from one store to another.
// A fresh owner of its own, since confirming changes the store (the worker's shared owner stays as
// other specs expect it). Nothing here depends on the date.

test.describe.configure({ mode: "serial" });
test.use({ lang: "en" });

const PRODUCT = `Кафе Тест ${uniqueId()}`;
let owner: StoreOwner;

// Signed-in API contexts come from saved cookies: the suite signs in many times a minute from one
// address, and the sign-in limit (10 a minute per address) must not decide this spec.
let demoState: Account["storageState"];

/** The report ids still new in a store's list, read from its owner's page. */
async function newReportIds(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get("/dashboard/reports")).text();
  return [...html.matchAll(/name="reportId" value="([0-9a-f-]{36})"/g)].map((match) => match[1]!);
}

/** Today's square of a store's 30-day calendar on its products page. */
async function todayState(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/dashboard/products")).text();
  return [...html.matchAll(/data-day="[\d-]+" data-state="(\w+)"/g)].at(-1)![1]!;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const store = { name: `Compliance ${uniqueId()}`, username: `compliance-${uniqueId()}` };
  owner = await createOwner("compliance", store, (request) =>
    createProduct(request, { name: PRODUCT, price: "150" }),
  );
  const demo = await apiRequest();
  // Earlier specs may have used this minute's sign-ins from this address: wait out the limit.
  await expect
    .poll(async () => (await demo.post("/api/auth/sign-in/email", { data: demoCredentials() })).status(), {
      intervals: [5_000],
      timeout: 70_000,
    })
    .toBe(200);
  demoState = await demo.storageState();
  await demo.dispose();
});

test("a visitor's report reaches this store's owner, who filters new and resolved and marks it resolved", async ({
  page,
  newVisitor,
  consoleGuard,
}) => {
  // "Other" without a description is refused on purpose (400); the form posts the page itself (decision 0128).
  consoleGuard.allowHttpError(`/${owner.store.username}`, 400);
  const visitor = await newVisitor({ lang: "en" });
  await visitor.goto(`/${owner.store.username}`);
  await visitor.getByRole("link", { name: `Report a problem with ${PRODUCT}` }).click();
  const dialog = visitor.getByRole("dialog", { name: `Report a problem with ${PRODUCT}` });
  await dialog.getByLabel("Other").check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Describe the problem")).toBeVisible();
  // The refused page keeps the reason chosen.
  await expect(dialog.getByLabel("Other")).toBeChecked();
  await dialog.getByLabel("Description").fill("The label on the shelf is for another size.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Thank you! The store has been notified.")).toBeVisible();
  // The owner's outbox: the report e-mail links to the reports page.
  await expect
    .poll(() => messagesTo(owner.email).some((mail) => mail.includes("/dashboard/reports")))
    .toBe(true);

  // The demo owner does not see it.
  const demo = await apiRequest(demoState);
  expect(await (await demo.get("/dashboard/reports")).text()).not.toContain("another size");
  await demo.dispose();

  await page.context().addCookies(owner.storageState.cookies);
  await page.goto("/dashboard/reports");
  const card = page.getByRole("listitem").filter({ hasText: "The label on the shelf is for another size." });
  await expect(card.getByRole("link", { name: PRODUCT, exact: true })).toBeVisible();
  await expect(card.getByText("Other", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Mark resolved" }).click();
  await expect(page.getByText("Report marked resolved")).toBeVisible();
  await expect(page.getByText("No new reports.")).toBeVisible();
  await page.getByRole("link", { name: "Resolved", exact: true }).click();
  await expect(page).toHaveURL(/\?status=resolved$/);
  await expect(page.getByText("The label on the shelf is for another size.")).toBeVisible();
  await expect(page.getByText(/Resolved \d/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark resolved" })).toHaveCount(0);
});

test("an owner cannot resolve another store's report, nor report its product through their own page (cross-store)", async () => {
  const demo = await apiRequest(demoState);
  const demoReports = await newReportIds(demo);
  expect(demoReports.length).toBeGreaterThan(0);
  const products = await (await demo.get("/dashboard/products")).text();
  const demoProduct = products.match(/\/dashboard\/products\/([0-9a-f-]{36})/)![1]!;

  const mine = await apiRequest(owner.storageState);
  const resolve = await mine.post("/dashboard/reports", {
    form: { intent: "resolve", reportId: demoReports[0]! },
  });
  expect(resolve.status()).toBe(404);
  expect(await newReportIds(demo)).toEqual(demoReports);

  // A visitor posts the demo's product to this owner's page.
  const visitor = await apiRequest();
  const report = await visitor.post(`/${owner.store.username}`, {
    form: { productId: demoProduct, reasons: "price", description: "cross-store", website: "" },
  });
  expect(report.status()).toBe(404);
  expect(await newReportIds(demo)).toEqual(demoReports);
  expect(await (await mine.get("/dashboard/reports")).text()).not.toContain("cross-store");
  for (const context of [demo, mine, visitor]) await context.dispose();
});

test("an owner's answer confirms only their own store, and the weekends setting is saved (cross-store)", async ({
  page,
}) => {
  const demo = await apiRequest(demoState);
  const demoBefore = await todayState(demo);

  await page.context().addCookies(owner.storageState.cookies);
  await page.goto("/dashboard/products");
  await expect(page.getByRole("heading", { name: "Are today's prices correct?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, confirm prices" }).click();
  // The product has no description, so the owner is shown it and asked first.
  await expect(page).toHaveURL(/\/dashboard\/products\?attention=1&confirm=anyway$/);
  await expect(
    page.getByRole("heading", { name: "1 product needs attention. Confirm the prices anyway?" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Yes, confirm anyway" }).click();
  await expect(page.getByText(/^Prices confirmed today at \d\d:\d\d$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Are today's prices correct?" })).toHaveCount(0);
  expect(await todayState(demo)).toBe(demoBefore);
  await demo.dispose();

  await page.getByText("Price confirmations, last 30 days").click();
  const weekends = page.getByLabel("Saturdays and Sundays count");
  await expect(weekends).toBeChecked();
  await weekends.uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Setting saved")).toBeVisible();
  await page.reload();
  await page.getByText("Price confirmations, last 30 days").click();
  await expect(page.getByLabel("Saturdays and Sundays count")).not.toBeChecked();
});

test("the price-list files page explains the files in mk, en and sq and links archived days", async ({
  newVisitor,
}) => {
  const titles = {
    mk: "Маркет Демо: ценовник во датотеки",
    en: "Маркет Демо: price list files",
    sq: "Маркет Демо: lista e çmimeve në skedarë",
  } as const;
  for (const [lang, title] of Object.entries(titles)) {
    const page = await newVisitor({ lang: lang as keyof typeof titles });
    await page.goto("/demo/prices");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("link", { name: "/demo/prices.csv" })).toBeVisible();
    await expect(page.getByRole("link", { name: "/demo/prices.xlsx" })).toBeVisible();
    await expect(page.getByRole("link", { name: "/demo/price-list.pdf" })).toBeVisible();
  }
  const page = await newVisitor({ lang: "en" });
  await page.goto("/demo/prices");
  const archive = page.getByRole("region", { name: "Recent days" });
  const day = archive.getByRole("link", { name: "JSON" }).first();
  const href = (await day.getAttribute("href"))!;
  expect(href).toMatch(/^\/demo\/prices\/\d{4}-\d{2}-\d{2}\.json$/);
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect((await file.json()).store.username).toBe("demo");
});
