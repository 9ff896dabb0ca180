import type { Page } from "@playwright/test";
import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// The owner edits a product's price and deletes products; the public page follows.

test.use({ signedInAs: "owner" });

const mk = TEXTS.mk;

async function openProductsList(page: Page) {
  await page.goto("/dashboard/products");
  await waitForHydration(page);
}

test("editing a product's price", async ({ page, account, newVisitor }) => {
  const name = `Сирење ${uniqueId()}`;
  await createProduct(page.request, { name, price: "129,90" });
  await openProductsList(page);

  await page.getByRole("link", { name: mk.products.editRow(name) }).click();
  await expect(page).toHaveURL(/\/dashboard\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const price = page.getByLabel(mk.products.price, { exact: true });
  // Shown back as it was typed in this language.
  await expect(price).toHaveValue("129,90");
  await price.fill("99,50");
  await page.getByRole("button", { name: mk.products.save, exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByText(mk.products.saved, { exact: true })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell").filter({ hasText: mk.price9950 })).toHaveCount(1);

  // The change is in the product's price history.
  await row.getByRole("link", { name, exact: true }).click();
  await expect(page.getByText(/^129,90[\s\u00a0]ден\. → 99,50[\s\u00a0]ден\.$/)).toBeVisible();

  const visitor = await newVisitor();
  await visitor.goto(`/${account.store?.username}`);
  const card = visitor
    .getByRole("listitem")
    .filter({ has: visitor.getByRole("heading", { name, exact: true }) });
  await expect(card.getByText(mk.price9950)).toBeVisible();
  await expect(card.getByText(mk.price12990)).toHaveCount(0);
});

test("deleting a product from its page, after confirming", async ({ page, account, newVisitor }) => {
  const name = `Јогурт ${uniqueId()}`;
  await createProduct(page.request, { name, price: "45" });
  await openProductsList(page);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await waitForHydration(page);

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await page.getByRole("button", { name: mk.products.deleteProduct }).click();

  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByText(mk.products.deleted, { exact: true })).toBeVisible();
  expect(dialogs).toEqual([`confirm: Да се избрише „${name}“? Ова не може да се врати.`]);
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);

  const visitor = await newVisitor();
  await visitor.goto(`/${account.store?.username}`);
  await expect(visitor.getByRole("heading", { level: 1, name: account.store?.name })).toBeVisible();
  await expect(visitor.getByRole("heading", { name, exact: true })).toHaveCount(0);
});

test.describe("in English", () => {
  test.use({ lang: "en" });

  test("deleting a product from the list: cancelling keeps it, confirming removes it", async ({ page }) => {
    const t = TEXTS.en;
    const name = `Bread ${uniqueId()}`;
    await createProduct(page.request, { name, price: "35.00" });
    await openProductsList(page);
    const remove = page.getByRole("button", { name: t.products.deleteRow(name), exact: true });

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    page.once("dialog", (dialog) => void dialog.dismiss());
    await remove.click();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
    expect(posts, "cancelling the confirmation sends nothing").toEqual([]);

    page.once("dialog", (dialog) => void dialog.accept());
    await remove.click();
    await expect(page.getByText(t.products.deleted, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  });
});
