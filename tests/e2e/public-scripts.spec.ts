import type { Page } from "@playwright/test";
import { expect, test } from "../support/e2e-fixtures";
import { expectClientNavigation, waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// Decision 0008: a visitor's browser downloads only the public part of its language's catalogue;
// the rest arrives before a client navigation shows a page that needs it, never as keys on screen.

/** The catalogue parts the page downloads, in order ("mk-public", "mk-rest", …). */
function catalogueParts(page: Page): string[] {
  const parts: string[] = [];
  page.on("request", (request) => {
    const part = new URL(request.url()).pathname.match(/^\/assets\/(\w\w-(?:public|rest))-[\w-]+\.js$/)?.[1];
    if (part) parts.push(part);
  });
  return parts;
}

test("the store page loads the public part of its language; the switcher reloads it in another", async ({
  page,
}) => {
  const parts = catalogueParts(page);
  await page.goto("/demo");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Ценовник" })).toBeVisible();
  expect(parts).toEqual(["mk-public"]);

  await page.getByRole("button", { name: "Shqip", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "sq");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Lista e çmimeve" })).toBeVisible();
  expect(parts).toEqual(["mk-public", "sq-public"]);
});

// Decision 0097: the landing page downloads no script at all, no catalogue part either.
test("the landing page downloads no catalogue part", async ({ page }) => {
  const parts = catalogueParts(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(parts).toEqual([]);
});

test("from a public page to the login page on the client, the rest of the catalogue comes first", async ({
  page,
}) => {
  const parts = catalogueParts(page);
  await page.goto("/demo");
  await waitForHydration(page);
  expect(parts).toEqual(["mk-public"]);
  // No public page links to the login page any more (the landing page has no scripts): the router
  // navigates as a link would.
  await expectClientNavigation(page, async () => {
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate("/auth/login"),
    );
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: TEXTS.mk.login.heading })).toBeVisible();
    await expect(page.getByRole("button", { name: TEXTS.mk.login.submit, exact: true })).toBeVisible();
  });
  expect(parts).toEqual(["mk-public", "mk-rest"]);
});

// Decision 0012: a document's products are in its markup once. The hydration data leaves them out,
// the browser keeps the server's cards and JSON-LD, and a client navigation brings new ones.
test("the store page's products travel once: hydration keeps the cards, a client navigation replaces them", async ({
  page,
}) => {
  const raw = await (await page.request.get("/demo")).text();
  const hydrationData = raw.slice(raw.indexOf("streamController.enqueue"));
  const serverIds = [...raw.matchAll(/<li class="pc" data-product-id="([\w-]+)"/g)].map((m) => m[1]!);
  expect(serverIds.length).toBeGreaterThan(5);
  for (const id of serverIds) expect(hydrationData).not.toContain(id);

  await page.goto("/demo");
  await waitForHydration(page);
  const cardIds = () =>
    page.locator("li[data-product-id]").evaluateAll((cards) => cards.map((card) => card.dataset.productId));
  // Hydration (and a re-render after it) left the server's cards and structured data in place.
  await page.getByLabel("Пребарај производи").fill("x");
  expect(await cardIds()).toEqual(serverIds);
  const jsonLd = JSON.parse((await page.locator("script#store-json-ld").textContent()) ?? "null");
  expect(JSON.stringify(jsonLd)).toContain(serverIds[0]);

  const categories = page.getByRole("navigation", { name: "Категории" });
  const category = categories.getByRole("link").nth(1);
  const categoryName = (await category.textContent())!.trim();
  await expectClientNavigation(page, async () => {
    await category.click();
    await expect(page).toHaveURL(/\?category=/);
    await expect(category).toHaveAttribute("aria-current", "page");
  });
  const inCategory = await cardIds();
  expect(inCategory.length).toBeGreaterThan(0);
  expect(inCategory).not.toEqual(serverIds);
  for (const name of await page.locator("li[data-product-id] .pc-category").allTextContents())
    expect(name).toBe(categoryName);
  expect(await page.locator("script#store-json-ld").textContent()).toContain(inCategory[0]);

  await expectClientNavigation(page, async () => {
    await page.goBack();
    await expect(page).toHaveURL(/\/demo$/);
  });
  await expect.poll(cardIds).toEqual(serverIds);
});
