import { demoCredentials, E2E_BASE_URL } from "../support/e2e-env";
import { expect, test } from "../support/e2e-fixtures";
import { expectClientNavigation, waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// The seeded demo owner logs in and out; the language choice is kept.

const mk = TEXTS.mk;

test("the demo owner logs in with the seeded credentials, sees the demo products, and logs out", async ({
  page,
  newVisitor,
  accounts,
  consoleGuard,
}) => {
  const { email, password } = demoCredentials();
  // The wrong password below answers 401, which Chromium logs.
  consoleGuard.allowHttpError("/auth/login.data", 401);
  await page.goto("/auth/login");
  await waitForHydration(page);
  await page.getByLabel(mk.register.email, { exact: true }).fill(email);
  await page.getByLabel(mk.register.password, { exact: true }).fill(`${password}-wrong`);
  await page.getByRole("button", { name: mk.login.submit }).click();
  await expect(page.getByRole("alert")).toHaveText("Најавата не успеа. Проверете ги е-поштата и лозинката.");
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.getByLabel(mk.register.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: mk.login.submit }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: mk.products.heading })).toBeVisible();
  // 60+ demo products, 25 to a page.
  const count = await page.getByText(/^\d+ производи$/).textContent();
  expect(Number.parseInt(count ?? "0", 10)).toBeGreaterThanOrEqual(60);
  await expect(page.getByRole("row")).toHaveCount(26);

  // Another owner cannot open a demo product (tenancy): it does not exist for them.
  const href = await page.getByRole("row").nth(1).getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/^\/dashboard\/products\/[0-9a-f-]{36}$/);
  consoleGuard.allowNotFound(href!);
  const stranger = await newVisitor({ account: await accounts.get("owner") });
  expect((await stranger.goto(href!))?.status()).toBe(404);

  await page.getByRole("button", { name: mk.dashboard.logout }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByRole("link", { name: mk.landing.login, exact: true })).toBeVisible();
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
  await page.goto("/dashboard/products");
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("the chosen language stays: html lang, cookie, local storage, across navigation and reloads", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "mk");
  const shqip = page.getByRole("button", { name: "Shqip", exact: true });
  await expect(shqip).toHaveAttribute("aria-pressed", "false");
  await shqip.click();
  await expect(page.locator("html")).toHaveAttribute("lang", "sq");
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByRole("button", { name: "Shqip", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await page.evaluate(() => window.localStorage.getItem("lang"))).toBe("sq");
  expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("sq");

  // The landing page has no scripts (decision 0097): its link loads the login page, in Albanian.
  await page.getByRole("link", { name: TEXTS.sq.landing.login, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: TEXTS.sq.login.heading })).toBeVisible();
  // And a client navigation from there keeps it too.
  await waitForHydration(page);
  await expectClientNavigation(page, async () => {
    await page.getByRole("link", { name: TEXTS.sq.login.createLink }).click();
    await expect(page.getByRole("heading", { level: 1, name: TEXTS.sq.register.heading })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: TEXTS.sq.login.heading })).toBeVisible();
  });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "sq");
  await expect(page.getByRole("heading", { level: 1, name: TEXTS.sq.login.heading })).toBeVisible();

  await page.getByRole("button", { name: "English", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: TEXTS.en.login.heading })).toBeVisible();
});
