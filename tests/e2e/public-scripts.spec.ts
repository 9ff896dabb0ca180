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

// Decision 0128: the store page is HTML without React: no catalogue part, in any language.
test("the store page downloads no catalogue part; the switcher reloads it in another language", async ({
  page,
}) => {
  const parts = catalogueParts(page);
  await page.goto("/demo");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Ценовник" })).toBeVisible();

  await page.getByRole("button", { name: "Shqip", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "sq");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Lista e çmimeve" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(parts).toEqual([]);
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
  consoleGuard,
}) => {
  const parts = catalogueParts(page);
  // The 404 page of a path no route claims: the one public page that still hydrates (the store's
  // pages and its files page are documents, decision 0128).
  consoleGuard.allowNotFound("/no/such/page");
  await page.goto("/no/such/page");
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

// Decision 0128: the store page is one document: its products are in its markup once (no hydration
// data, no framework script), and a category is a link that loads the next document.
test("the store page sends no framework script; a category link loads its own document", async ({ page }) => {
  const raw = await (await page.request.get("/demo")).text();
  expect(raw).not.toContain("streamController");
  expect(raw).not.toMatch(/<script[^>]+src=/);
  expect(raw).not.toContain('rel="modulepreload"');
  const serverIds = [...raw.matchAll(/<li class="pc" data-product-id="([\w-]+)"/g)].map((m) => m[1]!);
  expect(serverIds.length).toBeGreaterThan(5);

  await page.goto("/demo");
  await waitForHydration(page);
  const cardIds = () =>
    page.locator("li[data-product-id]").evaluateAll((cards) => cards.map((card) => card.dataset.productId));
  expect(await cardIds()).toEqual(serverIds);
  const jsonLd = JSON.parse((await page.locator("script#store-json-ld").textContent()) ?? "null");
  expect(JSON.stringify(jsonLd)).toContain(serverIds[0]);

  const categories = page.getByRole("navigation", { name: "Категории" });
  const category = categories.getByRole("link").nth(1);
  const categoryName = (await category.textContent())!.trim();
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await category.click();
  await expect(page).toHaveURL(/\?category=/);
  await expect(categories.getByRole("link").nth(1)).toHaveAttribute("aria-current", "page");
  expect(documents).toHaveLength(1);
  const inCategory = await cardIds();
  expect(inCategory.length).toBeGreaterThan(0);
  expect(inCategory).not.toEqual(serverIds);
  for (const name of await page.locator("li[data-product-id] .pc-category").allTextContents())
    expect(name).toBe(categoryName);
  expect(await page.locator("script#store-json-ld").textContent()).toContain(inCategory[0]);
});

/** The framework's parts in a document's HTML: script files, module scripts, preloads, hydration data. */
function frameworkParts(html: string): string[] {
  return [
    ...(html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? []),
    ...(html.match(/<script[^>]*type="module"[^>]*>/g) ?? []),
    ...(html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? []),
    ...(html.match(/__reactRouter\w*|streamController/g) ?? []),
  ];
}

/** The script files and documents the page requests from now on. */
function requested(page: Page): { scripts: string[]; documents: string[] } {
  const seen = { scripts: [] as string[], documents: [] as string[] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "script") seen.scripts.push(url.pathname);
    if (request.resourceType() === "document") seen.documents.push(`${url.pathname}${url.hash}`);
  });
  return seen;
}

// Decision 0128: the store's files page is a document too. Its one script is the static page's inline
// script with the response's CSP nonce; the language switch is a form post that loads it again.
test("the files page sends no framework script; the switcher reloads it in another language", async ({
  page,
}) => {
  const answer = await page.request.get("/demo/prices");
  expect(answer.status()).toBe(200);
  const raw = await answer.text();
  expect(frameworkParts(raw)).toEqual([]);
  const nonce = /'nonce-([^']+)'/.exec(answer.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const inline = [...raw.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!.trim());
  expect(inline).toEqual([`nonce="${nonce}"`]);

  const parts = catalogueParts(page);
  const seen = requested(page);
  await page.goto("/demo/prices");
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Маркет Демо: ценовник во датотеки" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Shqip", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "sq");
  await expect(
    page.getByRole("heading", { level: 1, name: "Маркет Демо: lista e çmimeve në skedarë" }),
  ).toBeVisible();
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(seen.scripts).toEqual([]);
  expect(parts).toEqual([]);
});

// A point of sale has no files page of its own: its page's "About these files" link opens its entry
// on the store's files page, a document like its own page.
test("a point of sale's files: its page links its entry on the files page, with no script either", async ({
  page,
}) => {
  await page.goto("/demo/tetovo");
  await waitForHydration(page);
  const seen = requested(page);
  await page.getByRole("link", { name: "За овие датотеки", exact: true }).click();
  await expect(page).toHaveURL(/\/demo\/prices#files-tetovo$/);
  const entry = page.locator("#files-tetovo");
  await expect(entry.getByRole("link", { name: "Маркет Демо — Тетово" })).toBeVisible();
  await expect(entry.getByRole("link", { name: "/demo/tetovo/prices.csv" })).toBeVisible();
  await expect(entry.getByRole("link", { name: "/demo/tetovo/price-list.pdf" })).toBeVisible();
  await expect(entry).toBeInViewport();
  expect(seen.documents).toEqual(["/demo/prices"]);
  await page.waitForLoadState("networkidle");
  expect(seen.scripts).toEqual([]);
  expect(await page.locator("script[src], link[rel=modulepreload]").count()).toBe(0);
  // The point's own files answer at their addresses.
  expect((await page.request.get("/demo/tetovo/prices.csv")).status()).toBe(200);
  expect((await page.request.get("/demo/tetovo/prices.json")).status()).toBe(200);
});
