import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";

// The catalogue end to end, in English: categories, create and edit a product, search in the other
// alphabet, filter, bulk-delete with the count confirmed, and export the activity as CSV.

test.use({ signedInAs: "owner", lang: "en" });

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

test("catalogue: create, edit, filter, bulk-delete and export the activity", async ({
  page,
  consoleGuard,
}) => {
  // A whole working session of about twenty pages: more than the default 30 s on a busy 2-core machine.
  test.slow();
  // The export answers 404 when nothing matches; the page then says so.
  consoleGuard.allowHttpError("/dashboard/activity/export", 404);
  const id = uniqueId();
  const bakery = `Bakery ${id}`;

  // A category.
  await open(page, "/dashboard/categories");
  await page.getByLabel("Add category", { exact: true }).fill(bakery);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Category added", { exact: true })).toBeVisible();
  await expect(page.getByText(bakery, { exact: true })).toBeVisible();

  // A product through the form, in that category; two more through the form's action.
  await open(page, "/dashboard/products/new");
  await page.getByLabel("Product name", { exact: true }).fill(`Леб бел ${id}`);
  await page.getByLabel("Selling price incl. VAT (MKD)", { exact: true }).fill("40");
  await page.getByLabel("Category", { exact: true }).selectOption({ label: bakery });
  await page.getByRole("button", { name: "Add product", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByText("Product saved", { exact: true })).toBeVisible();
  await createProduct(page.request, { name: `Млеко ${id}`, price: "60" });
  await createProduct(page.request, { name: `=Кафе ${id}`, price: "100" });

  // Edit the price: the history shows it.
  await open(page, `/dashboard/products?q=${id}`);
  await page.getByRole("link", { name: `Леб бел ${id}`, exact: true }).click();
  await page.getByLabel("Selling price incl. VAT (MKD)", { exact: true }).fill("45,00");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product saved", { exact: true })).toBeVisible();

  // Search in Latin letters finds the Cyrillic name; the view lives in the URL.
  await open(page, "/dashboard/products");
  await page.getByLabel("Search products").fill(`leb bel ${id}`);
  await page.getByLabel("Search products").press("Enter");
  await expect(page).toHaveURL(/q=leb\+bel/);
  await expect(page.getByRole("link", { name: `Леб бел ${id}`, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `Млеко ${id}`, exact: true })).toHaveCount(0);

  // The category filter, applied on change and kept on reload.
  await open(page, `/dashboard/products?q=${id}`);
  await expect(page.getByRole("row")).toHaveCount(4);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: bakery });
  await expect(page).toHaveURL(/category=[0-9a-f-]{36}/);
  await page.reload();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("link", { name: `Леб бел ${id}`, exact: true })).toBeVisible();

  // Bulk delete every product of this test: the confirmation states the count.
  await open(page, `/dashboard/products?q=${id}`);
  await page.getByLabel("Select all on this page").check();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk.getByText("3 products selected")).toBeVisible();
  await bulk.getByLabel("Action").selectOption("delete");
  const dialogs: string[] = [];
  page.once("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await bulk.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("3 products deleted", { exact: true })).toBeVisible();
  expect(dialogs).toEqual(["Delete 3 products? This cannot be undone."]);
  await expect(page.getByText("No products match")).toBeVisible();

  // The activity log has every change; the CSV holds the filtered rows.
  await open(page, `/dashboard/activity?q=${id}`);
  await expect(page.getByRole("cell", { name: "Products bulk deleted", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Price update", exact: true })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toBe("Date and time,Action,Product,Category,Old price,New price,Details");
  // Newest first: the bulk delete, then the edit (price update, product updated), then 3 additions.
  expect(lines.slice(1).map((line) => line.split(",")[1])).toEqual(
    expect.arrayContaining(["Products bulk deleted", "Price update", "Product updated", "Product added"]),
  );
  expect(lines).toHaveLength(1 + 1 + 2 + 3);
  expect(lines[1]).toContain("Products bulk deleted");
  const priceLine = lines.find((line) => line.includes(",Price update,"))!;
  // Prices as the en screen shows them (a no-break space after MKD).
  expect(priceLine).toMatch(new RegExp(`,Леб бел ${id},${bakery},MKD\\s40\\.00,MKD\\s45\\.00,$`));
  // A name that starts with "=" cannot run as a formula in a spreadsheet.
  expect(csv).toContain(`,'=Кафе ${id},`);

  // Nothing matches: 'No data to export', and no file.
  await open(page, `/dashboard/activity?q=${id}&type=price_update_error`);
  await page.getByRole("link", { name: "Export CSV" }).click();
  await expect(page.getByText("No data to export", { exact: true })).toBeVisible();
});
