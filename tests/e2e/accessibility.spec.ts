import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "../support/axe";
import { E2E_BASE_URL } from "../support/e2e-env";
import { expect, registerThroughApi, test, uniqueEmail, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";
import { VIEWPORTS } from "../support/viewports";

// Decision 0029: every page, in mk (the default language), at 390 and 1366 px, scanned by axe-core
// once hydrated; a serious or critical violation fails. The owner's pages have a product, a
// category and activity to show, and the public page its report dialog, so no part is scanned empty.

// Thirty scans, each independent of the others: the two workers share them (the longest file ran
// on one worker alone, about 230 s, while the other had finished).
test.describe.configure({ mode: "parallel" });

async function scanAtBothWidths(page: Page, path: string, status = 200) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    await waitForHydration(page);
    await expectNoSeriousViolations(page, `${path} at ${viewport.width} px`);
  }
}

test("the scan itself fails on a serious violation, in the page's own frame and in a frame of its own", async ({
  page,
}) => {
  // Served on the app's origin (a frame of about:blank has no origin to share), never by the app.
  const probe = `${E2E_BASE_URL}/__axe-probe`;
  await page.route(probe, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<main><img src="data:,"><iframe srcdoc="<button></button>"></iframe></main>`,
    }),
  );
  await page.goto(probe);
  await expect(expectNoSeriousViolations(page, "a bare page")).rejects.toThrow(/image-alt/);
  await expect(expectNoSeriousViolations(page, "a bare page")).rejects.toThrow(/button-name/);
});

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

// Steps 2–5 need a store that reached them: an owner of this test's own, who posts each step as a
// browser without JavaScript would (the shared newcomer must stay at step 1 for the other tests).
// Steps 2 and 3 are scanned again with their field errors shown (the browser's own check).
test("onboarding steps 2 to 5, and their field errors, have no serious accessibility violation", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerThroughApi(page.request, { email: uniqueEmail("steps"), password: "pw-steps-a11y-1" });
  const post = async (form: Record<string, string>) => {
    const response = await page.request.post("/onboarding", { form });
    expect(response.ok(), `onboarding ${form.intent}: ${response.status()}`).toBe(true);
  };
  const scanStep = async (step: number, path = `/onboarding?step=${step}`) => {
    await scanAtBothWidths(page, path);
    await expect(page.getByText(`Чекор ${step} од 5`)).toBeVisible();
  };
  const scanErrors = async (step: number) => {
    await page.getByRole("button", { name: "Продолжи" }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await expectNoSeriousViolations(page, `step ${step} with its field errors`);
  };
  const id = uniqueId();
  await post({ intent: "store", storeName: `Пристапна ${id}`, username: `a11y-${id}` });
  await scanStep(2);
  await page.getByLabel("Телефон", { exact: true }).fill("12");
  await scanErrors(2);
  await post({ intent: "phone", phone: "071 234 567", phonePublic: "on" });
  await scanStep(3);
  await page.getByLabel("Име на фирмата", { exact: true }).fill("");
  await scanErrors(3);
  const places = await page.request.get(`/api/address-suggestions?q=${encodeURIComponent("Скопје")}`);
  const { suggestions } = (await places.json()) as { suggestions: unknown[] };
  await post({
    intent: "company",
    companyName: "Пристапна ДООЕЛ",
    addressSuggestion: JSON.stringify(suggestions[0]),
    street: "ул. Македонија 1",
    logoKey: "",
  });
  await scanStep(4);
  await post({
    intent: "products",
    "name.0": "Млеко 1 л",
    "price.0": "65",
    "name.1": "Леб",
    "price.1": "40",
  });
  await scanStep(5);
  await scanStep(5, "/onboarding?step=5&i=1");
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
    // Issues 14, 15 and 16: import, promotions, billing.
    "/dashboard/products/import",
    "/dashboard/promotions",
    "/dashboard/promotions/add",
    "/dashboard/settings/billing",
    "/dashboard/payment",
    "/dashboard/payment/change",
    // The image library, My images and posts.
    "/dashboard/image-gallery",
    "/dashboard/image-gallery?q=mleko",
    "/dashboard/r2-images",
    "/dashboard/posts",
    "/dashboard/posts/new",
  ];

  // The worker's owner is one account for all its tests: its product is made once, then reused.
  let ownersProduct: string | undefined;

  /** A category and a product in it (so lists, activity and the public page have rows); its id. */
  async function productOf(page: Page): Promise<string> {
    ownersProduct ??= await makeProduct(page);
    return ownersProduct;
  }

  async function makeProduct(page: Page): Promise<string> {
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
      // A product's setup, then two full scans: the settings pages took 22–27 s on a busy 2-core machine.
      test.slow();
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
    // Six full scans (three pages at two widths) after the account's setup.
    test.slow();
    const id = await productOf(page);
    const store = `/${account.store?.username}`;
    await scanAtBothWidths(page, store);
    await scanAtBothWidths(page, `${store}?report=${id}`);
    await expect(page.getByRole("dialog")).toBeVisible();
    await scanAtBothWidths(page, `${store}/prices`);
  });
});
