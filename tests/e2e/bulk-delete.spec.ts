import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";

// In mk: a bulk delete asked only through window.confirm, which a browser without
// JavaScript skips, so it deleted at once. Now the server asks (decision 0047); with JavaScript the
// browser's dialog stays the one step.

test.use({ signedInAs: "owner", lang: "mk" });

test("bulk delete without JavaScript: the server lists what it will delete, and deletes only when confirmed", async ({
  newVisitor,
  account,
}) => {
  const id = uniqueId();
  const page = await newVisitor({ lang: "mk", account, javaScriptEnabled: false });
  for (const name of [`Шеќер ${id}`, `Брашно ${id}`, `Сол ${id}`]) {
    await createProduct(page.request, { name, price: "50" });
  }
  await page.goto(`/dashboard/products?q=${id}`);
  for (const name of [`Шеќер ${id}`, `Брашно ${id}`]) {
    await page
      .getByRole("checkbox", { name: `Избери ${name}` })
      .first()
      .check();
  }
  const bar = page.getByRole("region", { name: "Групни дејства" });
  await bar.getByLabel("Дејство").selectOption("delete");
  await bar.getByRole("button", { name: "Примени" }).click();

  const confirm = page.getByRole("region", { name: "Проверете што ќе се избрише" });
  await expect(confirm.getByText("Ќе се избришат 2 производи. Ова не може да се врати.")).toBeVisible();
  await expect(confirm.getByRole("listitem")).toHaveText([`Брашно ${id}`, `Шеќер ${id}`]);

  // Nothing is deleted before the confirmation: a fresh look at the list still shows all three.
  const other = await page.context().newPage();
  await other.goto(`/dashboard/products?q=${id}`);
  await expect(other.getByText("3 производи").first()).toBeVisible();
  await other.close();

  await confirm.getByRole("button", { name: "Избриши 2 производи" }).click();
  await expect(confirm).toHaveCount(0);
  await page.goto(`/dashboard/products?q=${id}`);
  await expect(page.getByRole("link", { name: `Сол ${id}`, exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: `Шеќер ${id}`, exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Брашно ${id}`, exact: true })).toHaveCount(0);
});

test("bulk delete with JavaScript: the browser's dialog is the one step", async ({ page }) => {
  const id = uniqueId();
  await createProduct(page.request, { name: `Оцет ${id}`, price: "40" });
  await page.goto(`/dashboard/products?q=${id}`);
  await waitForHydration(page);
  await page.getByLabel("Избери ги сите на оваа страница").check();
  const bar = page.getByRole("region", { name: "Групни дејства" });
  await bar.getByLabel("Дејство").selectOption("delete");
  const dialogs: string[] = [];
  page.once("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await bar.getByRole("button", { name: "Примени" }).click();
  await expect(page.getByText("Избришан е 1 производ", { exact: true })).toBeVisible();
  expect(dialogs).toEqual(["Да се избрише 1 производ? Ова не може да се врати."]);
  await expect(page.getByRole("region", { name: "Проверете што ќе се избрише" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Оцет ${id}`, exact: true })).toHaveCount(0);
});
