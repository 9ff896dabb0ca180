import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { codeFor } from "./e2e-mail";
import type { Texts } from "./e2e-texts";
import { productFormFields } from "./product-form-fields";

// The owner's steps through the real UI, shared by the specs that walk them.

/**
 * Registers through /auth/register, enters the code mailed to the address (decision 0019), and
 * lands on /onboarding.
 */
export async function signUp(page: Page, t: Texts, credentials: { email: string; password: string }) {
  await page.goto("/auth/register");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: t.register.heading })).toBeVisible();
  await page.getByLabel(t.register.email, { exact: true }).fill(credentials.email);
  await page.getByLabel(t.register.password, { exact: true }).fill(credentials.password);
  await page.getByLabel(t.register.confirm, { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: t.register.submit }).click();
  await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  await page.getByLabel(t.register.code, { exact: true }).fill(await codeFor(credentials.email));
  await page.getByRole("button", { name: t.register.confirmCode }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
}

type StoreSetup = { name: string; expectedUsername: string; phone?: string; companyName?: string };

/**
 * Walks the stepped onboarding (decision 0014): store name (checks the username suggested from it and
 * that the live check calls it available), phone, company with an address chosen from the
 * suggestions, skips the products, finishes, and lands on the products page. Returns the username.
 */
export async function onboard(page: Page, t: Texts, store: StoreSetup): Promise<string> {
  await onboardToProducts(page, t, store);
  await page.getByRole("button", { name: t.onboarding.skip }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=5$/);
  await page.getByRole("button", { name: t.onboarding.submit }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  return store.expectedUsername;
}

/** Onboarding's steps 1–3 as `onboard` walks them, ending at step 4 (the first products). */
export async function onboardToProducts(page: Page, t: Texts, store: StoreSetup): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: t.onboarding.heading })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel(t.onboarding.storeName, { exact: true }).fill(store.name);
  const username = page.getByLabel(t.onboarding.username, { exact: true });
  await expect(username).toHaveValue(store.expectedUsername);
  await expect(page.getByText(t.onboarding.available, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: t.onboarding.next }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=2$/);
  await page.getByLabel(t.onboarding.phone, { exact: true }).fill(store.phone ?? "071 234 567");
  await page.getByRole("button", { name: t.onboarding.next }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=3$/);
  await page.getByLabel(t.onboarding.companyName, { exact: true }).fill(store.companyName ?? "Тест ДООЕЛ");
  await page.getByRole("combobox", { name: t.onboarding.address }).fill("Скоп");
  await page.getByRole("option", { name: /^Скопје 1000|^Skopje 1000|^Shkup 1000/ }).click();
  await page.getByLabel(t.onboarding.street, { exact: true }).fill("ул. Македонија 1");
  await page.getByRole("button", { name: t.onboarding.next }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=4$/);
}

/** From the products list: "Add product", fill name and price, save, and be back on the list. */
export async function addProduct(page: Page, t: Texts, product: { name: string; price: string }) {
  await page.getByRole("link", { name: t.products.add }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/products\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: t.products.newHeading })).toBeVisible();
  await page.getByLabel(t.products.name, { exact: true }).fill(product.name);
  await page.getByLabel(t.products.price, { exact: true }).fill(product.price);
  await page.getByRole("button", { name: t.products.create }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByRole("link", { name: product.name, exact: true })).toBeVisible();
}

/**
 * Creates a product through the product form's own action, as a browser without JavaScript posts
 * it, for tests about what happens next. Following the redirect consumes the "saved" message.
 */
export async function createProduct(
  request: APIRequestContext,
  product: { name: string; price: string; categoryId?: string },
) {
  const response = await request.post("/dashboard/products/new", {
    form: productFormFields({
      name: product.name,
      price: product.price,
      categoryId: product.categoryId ?? "",
    }),
  });
  expect(new URL(response.url()).pathname, `creating ${product.name}`).toBe("/dashboard/products");
}

/**
 * Runs `action` and asserts the page did not reload: React Router navigated on the client.
 * A marker put on `window` before survives only a client-side navigation.
 */
export async function expectClientNavigation(page: Page, action: () => Promise<void>) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: number }).__e2eMarker = 1;
  });
  await action();
  const marker = await page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker);
  expect(marker, "the navigation reloaded the document instead of running on the client").toBe(1);
}

/**
 * Waits until React has hydrated the page, so that clicks go through the client router; on a page
 * that never hydrates (the landing page, decision 0097), until its inline script listens.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    if (document.documentElement.dataset.static === "ready") return true;
    const w = window as unknown as { __reactRouterRouteModules?: object };
    const body = document.body as unknown as Record<string, unknown>;
    return Boolean(w.__reactRouterRouteModules) && Object.keys(body).some((k) => k.startsWith("__react"));
  });
}

/** Today in Europe/Skopje as "2026-11-22", `days` later when given. */
export function skopjeDay(days = 0): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Skopje" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** A percentage promotion of the signed-in owner's products, running from today for a week. */
export async function createPromotion(
  request: APIRequestContext,
  promotion: { name: string; productIds: string[]; percent: string },
) {
  const response = await request.post("/dashboard/promotions/add", {
    form: {
      name: promotion.name,
      type: "sales_action",
      discountType: "percentage",
      value: promotion.percent,
      startsOn: skopjeDay(),
      endsOn: skopjeDay(7),
      products: JSON.stringify(promotion.productIds.map((productId) => ({ productId, customPrice: "" }))),
    },
  });
  expect(new URL(response.url()).pathname, `creating ${promotion.name}`).toBe("/dashboard/promotions");
}
