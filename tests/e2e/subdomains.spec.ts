import type { Response } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT, storeOrigin } from "../support/e2e-env";
import { expect, test } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";

// Subdomain rules: on {store}.localhost, "/" → 301 "/{store}"; a first path
// segment naming another store → 301 to that store's host; an application path → 301 to the root
// domain. Node cannot resolve *.localhost here, so the HTTP-level checks send the Host header the
// browser would send; the browser checks below use the real host names.

const DEMO = storeOrigin("demo");
const demoHost = `demo.localhost:${E2E_PORT}`;

async function redirectOf(request: import("@playwright/test").APIRequestContext, path: string) {
  const answer = await request.get(`${E2E_BASE_URL}${path}`, {
    headers: { Host: demoHost },
    maxRedirects: 0,
  });
  return { status: answer.status(), location: answer.headers().location };
}

test("demo.localhost/ → 301 /demo", async ({ request }) => {
  expect(await redirectOf(request, "/")).toEqual({ status: 301, location: "/demo" });
  expect(await redirectOf(request, "/?utm=x")).toEqual({ status: 301, location: "/demo?utm=x" });
});

test("demo.localhost/other-store/x → 301 to other-store.localhost, path kept", async ({ request }) => {
  expect(await redirectOf(request, "/other-store/x")).toEqual({
    status: 301,
    location: `${storeOrigin("other-store")}/other-store/x`,
  });
  expect(await redirectOf(request, "/other-store/x?page=2")).toEqual({
    status: 301,
    location: `${storeOrigin("other-store")}/other-store/x?page=2`,
  });
});

test("application paths on a subdomain → 301 to the root domain", async ({ request }) => {
  for (const path of ["/dashboard/products", "/auth/login", "/onboarding", "/admin", "/api/_auth/session"]) {
    await test.step(path, async () => {
      expect(await redirectOf(request, path)).toEqual({ status: 301, location: `${E2E_BASE_URL}${path}` });
    });
  }
});

test("the store's own pages and assets are served on its subdomain", async ({ request }) => {
  const page = await request.get(`${E2E_BASE_URL}/demo`, { headers: { Host: demoHost }, maxRedirects: 0 });
  expect(page.status()).toBe(200);
  const html = await page.text();
  const asset = html.match(/\/assets\/[\w.-]+\.(?:js|css)/)?.[0];
  expect(asset, "the store page links its assets").toBeTruthy();
  const file = await request.get(`${E2E_BASE_URL}${asset}`, { headers: { Host: demoHost }, maxRedirects: 0 });
  expect(file.status()).toBe(200);
});

test("an unknown store's subdomain → /{name} → 404", async ({ request }) => {
  const host = `no-such-store.localhost:${E2E_PORT}`;
  const first = await request.get(`${E2E_BASE_URL}/`, { headers: { Host: host }, maxRedirects: 0 });
  expect(first.status()).toBe(301);
  expect(first.headers().location).toBe("/no-such-store");
  const page = await request.get(`${E2E_BASE_URL}/no-such-store`, {
    headers: { Host: host },
    maxRedirects: 0,
  });
  expect(page.status()).toBe(404);
});

test("in the browser: demo.localhost shows the demo store, with working assets and search", async ({
  page,
}) => {
  const failed: string[] = [];
  const assets: Response[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    if (new URL(response.url()).pathname.startsWith("/assets/")) assets.push(response);
  });

  const response = await page.goto(`${DEMO}/`);
  expect(page.url()).toBe(`${DEMO}/demo`);
  const redirect = await response?.request().redirectedFrom()?.response();
  expect(redirect?.status()).toBe(301);
  expect(response?.status()).toBe(200);

  await expect(page.getByRole("heading", { level: 1, name: "Маркет Демо" })).toBeVisible();
  await waitForHydration(page);
  expect(assets.length, "scripts and styles loaded from /assets/").toBeGreaterThan(0);
  for (const asset of assets) expect(new URL(asset.url()).host).toBe(demoHost);

  // The search is a GET form (decision 0128): the next document, on this host.
  await page.getByRole("searchbox", { name: "Пребарај производи" }).fill("млеко");
  await page.getByRole("button", { name: "Барај" }).click();
  await expect(page).toHaveURL(`${DEMO}/demo?q=%D0%BC%D0%BB%D0%B5%D0%BA%D0%BE`);
  const milk = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "Млеко Бимилк 3,2% 1 л", exact: true }),
  });
  // Price for the language, unit, unit price and category.
  await expect(milk.getByText(/^79,00[\s\u00a0]ден\.$/)).toBeVisible();
  await expect(milk.getByText("Млечни производи", { exact: true })).toBeVisible();
  await expect(milk.getByText(/^Единечна цена 79,00[\s\u00a0]ден\. \/ л$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Кисело млеко Здравје Радово 400 г" })).toBeVisible();
  expect(failed).toEqual([]);
});

test("in the browser: another store's path on demo.localhost → that store's own host", async ({
  page,
  accounts,
}) => {
  const { store } = await accounts.get("owner");
  const username = store!.username;
  const response = await page.goto(`${DEMO}/${username}`);
  expect(page.url()).toBe(`${storeOrigin(username)}/${username}`);
  expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
  await expect(page.getByRole("heading", { level: 1, name: store!.name })).toBeVisible();
  await waitForHydration(page);
});

test("in the browser: /dashboard/products on a subdomain → the root domain's login page", async ({
  page,
}) => {
  await page.goto(`${DEMO}/dashboard/products`);
  expect(page.url()).toBe(`${E2E_BASE_URL}/auth/login`);
  await expect(page.getByRole("heading", { level: 1, name: "Најава" })).toBeVisible();
});

test("the language switcher works on a store's subdomain", async ({ page }) => {
  await page.goto(`${DEMO}/demo`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "English", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(page.url()).toBe(`${DEMO}/demo`);
  await expect(page.getByRole("heading", { level: 2, name: "Price list" })).toBeVisible();
});

test("from a store's subdomain, the Vitrina link leads to the platform, and on to its login page", async ({
  page,
}) => {
  await page.goto(`${DEMO}/demo`);
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Витрина" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Вашиот ценовник онлајн, секогаш ажурен" }),
  ).toBeVisible();
  // demo.localhost/ is the demo store's address, so the platform's home page lives on the root domain.
  expect.soft(page.url()).toBe(`${E2E_BASE_URL}/`);
  await page.getByRole("link", { name: "Најава", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Најава" })).toBeVisible();
  expect(page.url()).toBe(`${E2E_BASE_URL}/auth/login`);
});
