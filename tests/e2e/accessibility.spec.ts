import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "../support/axe";
import { expect, test } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";
import { VIEWPORTS } from "../support/viewports";

// Issue 12 §15: every page, in mk (the default language), at 390 and 1366 px, scanned by axe-core
// once hydrated; a serious or critical violation fails. The owner's pages have a product, a
// category and activity to show, and the public page its report dialog, so no part is scanned empty.

async function scanAtBothWidths(page: Page, path: string, status = 200) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    await waitForHydration(page);
    await expectNoSeriousViolations(page, `${path} at ${viewport.width} px`);
  }
}

test.describe("signed out", () => {
  for (const path of ["/", "/auth/login", "/auth/register", "/auth/forgot-password"]) {
    test(`${path} has no serious accessibility violation`, async ({ page }) => {
      await scanAtBothWidths(page, path);
    });
  }

  test("the 404 page has a title and no serious accessibility violation", async ({ page, consoleGuard }) => {
    consoleGuard.allowNotFound("/no-such-store");
    await scanAtBothWidths(page, "/no-such-store", 404);
    await expect(page).toHaveTitle("Страницата не е пронајдена: /no-such-store · Витрина");
  });
});

test.describe("a newcomer", () => {
  test.use({ signedInAs: "newcomer" });

  test("/onboarding has no serious accessibility violation", async ({ page }) => {
    await scanAtBothWidths(page, "/onboarding");
  });
});

test.describe("the owner", () => {
  test.use({ signedInAs: "owner" });

  const OWNER_PAGES = [
    "/dashboard",
    "/dashboard/products",
    "/dashboard/products/new",
    "/dashboard/categories",
    "/dashboard/activity",
    "/dashboard/reports",
    "/dashboard/settings",
    "/dashboard/settings/store",
    "/dashboard/settings/open-hours",
  ];

  /** A category and a product in it (so lists, activity and the public page have rows); its id. */
  async function productOf(page: Page): Promise<string> {
    const name = "Пристапен производ";
    await page.request.post("/dashboard/categories", { form: { intent: "create", name: "Пристапна" } });
    await page.goto(`/dashboard/products?q=${encodeURIComponent(name)}`);
    const existing = page.getByRole("link", { name, exact: true }).first();
    if ((await existing.count()) === 0) await createProduct(page.request, { name, price: "129,90" });
    await page.goto(`/dashboard/products?q=${encodeURIComponent(name)}`);
    const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
    const id = href?.split("/").pop();
    if (!id) throw new Error("the product has no link");
    return id;
  }

  for (const path of OWNER_PAGES) {
    test(`${path} has no serious accessibility violation`, async ({ page }) => {
      await productOf(page);
      await scanAtBothWidths(page, path);
    });
  }

  test("a product's edit page has no serious accessibility violation", async ({ page }) => {
    await scanAtBothWidths(page, `/dashboard/products/${await productOf(page)}`);
  });

  test("the public page, its report dialog and its price files page have no serious accessibility violation", async ({
    page,
    account,
  }) => {
    const id = await productOf(page);
    const store = `/${account.store?.username}`;
    await scanAtBothWidths(page, store);
    await scanAtBothWidths(page, `${store}?report=${id}`);
    await expect(page.getByRole("dialog")).toBeVisible();
    await scanAtBothWidths(page, `${store}/prices`);
  });
});
