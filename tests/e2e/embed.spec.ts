import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { E2E_BASE_URL } from "../support/e2e-env";
import { createOwner, expect, type StoreOwner, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct } from "../support/e2e-flows";

// Decision 0136: a shop's own website frames its price list (/{username}/embed). A page on another
// origin shows it once the owner has declared that origin in Settings → Store; the browser refuses
// it on an origin the owner did not declare. The shop's site is a tiny page served here on a port of
// its own (every loopback address): http://127.0.0.1:<port> and http://localhost:<port> are two
// different origins.

test.describe.configure({ mode: "serial" });

const TEXTS = {
  origins: "Веб-страници што смеат да го прикажат ценовникот",
  save: "Зачувај ги веб-страниците",
  saved: "Веб-страниците се зачувани",
  preview: "Преглед",
  fullList: "Целиот ценовник на Витрина",
  search: "Пребарај производи",
} as const;

const id = uniqueId();
const NAME = `Јогурт рамка ${id}`;
const OTHER = `Леб рамка ${id}`;
let owner: StoreOwner;
let site: Server;
let sitePort: number;

function shopSite(embedUrl: string): Server {
  return createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="mk"><title>Маркетана</title><h1>Маркетана</h1>` +
        `<iframe id="ceni" src="${embedUrl}" title="Ценовник" style="width:100%;height:700px;border:0"></iframe>`,
    );
  });
}

/** The shop's site opened from `origin`, and the console messages of its frame's refusal. */
async function openSite(browser: Browser, origin: string): Promise<{ page: Page; messages: string[] }> {
  // A context of its own, without the console guard: a refused frame is logged as an error.
  const context = await browser.newContext();
  const page = await context.newPage();
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  await page.goto(`${origin}/`);
  return { page, messages };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  owner = await createOwner("embed", { name: `Рамка ${id}`, username: `ramka-${id}` }, async (request) => {
    await createProduct(request, { name: NAME, price: "65" });
    await createProduct(request, { name: OTHER, price: "40" });
  });
  site = shopSite(`${E2E_BASE_URL}/${owner.store.username}/embed`).listen(0);
  await new Promise((resolve) => site.once("listening", resolve));
  sitePort = (site.address() as AddressInfo).port;
});

test.afterAll(() => {
  site?.close();
});

test("nothing declared: the browser refuses the list in another site's frame", async ({ browser }) => {
  const { page, messages } = await openSite(browser, `http://127.0.0.1:${sitePort}`);
  await expect.poll(() => messages.some((text) => text.includes("frame-ancestors"))).toBe(true);
  await expect(page.frameLocator("#ceni").getByText(NAME)).toHaveCount(0);
  await page.context().close();
});

test("the owner declares the site: the preview and the site show the list, without any script", async ({
  newVisitor,
  browser,
}) => {
  const settings = await newVisitor({ account: owner, lang: "mk" });
  await settings.goto("/dashboard/settings/store");
  // The preview is framed by the platform's own page before any site is declared.
  await settings.locator(`iframe[title="${TEXTS.preview}"]`).scrollIntoViewIfNeeded();
  await expect(settings.frameLocator(`iframe[title="${TEXTS.preview}"]`).getByText(NAME)).toBeVisible();
  await settings.getByLabel(TEXTS.origins).fill(`http://127.0.0.1:${sitePort}/`);
  await settings.getByRole("button", { name: TEXTS.save }).click();
  await expect(settings.getByText(TEXTS.saved)).toBeVisible();
  await expect(settings.getByLabel(TEXTS.origins)).toHaveValue(`http://127.0.0.1:${sitePort}`);
  await expect(settings.locator("#embed-snippet")).toHaveValue(
    new RegExp(`<iframe src="${E2E_BASE_URL}/${owner.store.username}/embed"`),
  );

  const { page, messages } = await openSite(browser, `http://127.0.0.1:${sitePort}`);
  const frame = page.frameLocator("#ceni");
  await expect(frame.getByText(NAME)).toBeVisible();
  await expect(frame.getByText(OTHER)).toBeVisible();
  await expect(frame.getByTestId("price-stamp")).toBeVisible();
  await expect(frame.getByRole("link", { name: TEXTS.fullList })).toHaveAttribute("target", "_blank");
  await expect(frame.locator("script")).toHaveCount(0);
  await expect(frame.locator('link[rel="modulepreload"]')).toHaveCount(0);
  // A search stays inside the frame, on /embed.
  await frame.getByLabel(TEXTS.search).fill("Леб");
  await frame.getByLabel(TEXTS.search).press("Enter");
  await expect(frame.getByText(OTHER)).toBeVisible();
  await expect(frame.getByText(NAME)).toHaveCount(0);
  const inner = page.frames().find((f) => f.url().includes("/embed"));
  expect(new URL(inner!.url()).pathname).toBe(`/${owner.store.username}/embed`);
  expect(page.url()).toBe(`http://127.0.0.1:${sitePort}/`);
  expect(messages.filter((text) => text.includes("frame-ancestors"))).toEqual([]);
  await page.context().close();
});

test("an origin the owner did not declare is still refused", async ({ browser }) => {
  // The same page, from http://localhost:<port>: another origin than the declared 127.0.0.1 one.
  const { page, messages } = await openSite(browser, `http://localhost:${sitePort}`);
  await expect.poll(() => messages.some((text) => text.includes("frame-ancestors"))).toBe(true);
  await expect(page.frameLocator("#ceni").getByText(NAME)).toHaveCount(0);
  await page.context().close();
});
