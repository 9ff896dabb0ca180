import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createOwner, expect, type StoreOwner, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";
import { DESKTOP, PHONE } from "../support/viewports";

// Points of sale, in mk: the owner adds a second point of sale and gives it its own price
// of a product; a signed-out visitor sees both lists with the right prices, and the point's feeds
// and PDF carry its price. Screenshots of the new pages go to SHOTS (out of the repository).

const SHOTS = process.env.POS_SHOTS_DIR ?? mkdtempSync(path.join(os.tmpdir(), "pos-shots-"));
let owner: StoreOwner;

test.beforeAll(async () => {
  const id = uniqueId();
  owner = await createOwner("pos", { name: `Маркет ${id}`, username: `pos-${id}` }, async (request) => {
    await createProduct(request, { name: "Млеко", price: "80" });
    await createProduct(request, { name: "Леб", price: "40" });
  });
});

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ["390", PHONE],
    ["1366", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

test("the owner adds a point of sale with its own price; visitors, feeds and the PDF show it", async ({
  page,
  context,
  newVisitor,
}) => {
  // A walk through the dashboard, the public pages, the feeds and the PDF, with screenshots.
  test.slow();
  const username = owner.store!.username;
  await context.addCookies(owner.storageState.cookies);
  await page.setViewportSize(PHONE);

  // Settings → points of sale: onboarding's address is the first one.
  await page.goto("/dashboard/settings/points-of-sale");
  await expect(page.getByRole("heading", { name: "Продажни места" })).toBeVisible();
  await expect(page.getByText(`/${username}/skopje`)).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: "Додај продажно место" }).click();
  await expect(page.getByRole("heading", { name: "Ново продажно место" })).toBeVisible();
  await page.getByLabel("Име", { exact: true }).fill("Тетово");
  await page.getByRole("combobox").fill("tetov");
  await page.getByRole("option", { name: "Тетово 1200", exact: true }).click();
  await page.getByLabel("Улица и број").fill("ул. Илинденска 5");
  await shoot(page, "dashboard-point-of-sale-new");
  await page.getByRole("button", { name: "Зачувај" }).click();
  await expect(page.getByText("Продажното место е зачувано")).toBeVisible();
  await expect(page.getByText(`/${username}/tetovo`)).toBeVisible();
  await shoot(page, "dashboard-points-of-sale");

  // The product's own price at Tetovo.
  await page.goto("/dashboard/products");
  await page.getByRole("link", { name: "Млеко" }).first().click();
  await page.getByRole("link", { name: "Цени и достапност по продажни места" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Цени по продажни места" })).toBeVisible();
  const tetovo = page.locator("div", { has: page.getByRole("heading", { level: 3, name: "Тетово" }) }).last();
  await tetovo.getByLabel("Цена на ова место").fill("89,90");
  await tetovo.getByRole("button", { name: "Зачувај" }).click();
  await expect(page.getByText("Зачувано за продажното место")).toBeVisible();
  await expect(tetovo.getByLabel("Цена на ова место")).toHaveValue("89,90");
  await shoot(page, "dashboard-product-points-of-sale");

  // A signed-out visitor: the store lists both, each list with its prices.
  const visitor = await newVisitor();
  await visitor.setViewportSize(PHONE);
  await visitor.goto(`/${username}`);
  const points = visitor.getByRole("region", { name: "Продажни места" });
  await expect(points.getByRole("link")).toHaveCount(2);
  await expect(visitor.locator("#product-cards")).toContainText("80,00");
  await shoot(visitor, "public-store-page");
  await points.getByRole("link", { name: /Тетово/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/${username}/tetovo$`));
  await expect(visitor.getByRole("heading", { level: 1, name: "Тетово" })).toBeVisible();
  await expect(visitor.getByTestId("price-stamp")).toBeVisible();
  await expect(visitor.locator("#product-cards")).toContainText("89,90");
  await expect(visitor.locator("#product-cards")).toContainText("40,00");
  await shoot(visitor, "public-point-of-sale-page");
  await visitor.goto(`/${username}/skopje`);
  await expect(visitor.locator("#product-cards")).toContainText("80,00");
  await expect(visitor.locator("#product-cards")).not.toContainText("89,90");

  // /{username}/prices lists every point of sale's files.
  await visitor.goto(`/${username}/prices`);
  await expect(visitor.getByRole("link", { name: `/${username}/tetovo/prices.csv` })).toBeVisible();
  await expect(visitor.getByRole("link", { name: `/${username}/skopje/price-list.pdf` })).toBeVisible();
  await shoot(visitor, "public-prices-page");

  // The point's feeds and PDF carry its own price; the store's keep the store's.
  const json = await (await visitor.request.get(`/${username}/tetovo/prices.json`)).json();
  expect(json.products.map((p: { name: string; price: string }) => [p.name, p.price])).toEqual([
    ["Леб", "40.00"],
    ["Млеко", "89.90"],
  ]);
  const csv = await (await visitor.request.get(`/${username}/tetovo/prices.csv`)).text();
  expect(csv).toContain("89.90");
  const storeJson = await (await visitor.request.get(`/${username}/prices.json`)).json();
  expect(storeJson.products.find((p: { name: string }) => p.name === "Млеко").price).toBe("80.00");
  const pdf = await visitor.request.get(`/${username}/tetovo/price-list.pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "pos-pdf-")), "list.pdf");
  writeFileSync(file, await pdf.body());
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(text).toContain("Тетово");
  expect(text).toContain("89,90");
  // A junk slug is no point of sale: 404; a segment with an encoded slash ("tet%2Fovo") is refused
  // at the door with 400 (decision 0121); never a point of sale's list.
  expect((await visitor.request.get(`/${username}/nope/prices.json`)).status()).toBe(404);
  for (const junk of ["tet%2Fovo", "tetovo%2F..%2Fprices.json", "tetovo%2F..", "..%2F..%2Fdemo"]) {
    const answer = await visitor.request.get(`/${username}/${junk}/prices.json`, { maxRedirects: 0 });
    expect([junk, answer.status()]).toEqual([junk, 400]);
  }
});
