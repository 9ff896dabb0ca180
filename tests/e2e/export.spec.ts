import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { expectNoSeriousViolations } from "../support/axe";
import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";

// Decision 0037, in mk: "Извези" on the products page downloads the catalogue as .xlsx (prices as
// numbers) or as CSV (UTF-8 with BOM, ";" and decimal commas), with the columns the import reads.

test.use({ signedInAs: "owner", lang: "mk" });

test("export: the products as Excel and as CSV, with the import's columns in Macedonian", async ({
  page,
}) => {
  const id = uniqueId();
  await createProduct(page.request, { name: `Јаболка ${id}`, price: "129,90" });
  await createProduct(page.request, { name: `=1+1 ${id}`, price: "5" });
  await page.goto("/dashboard/products");
  await waitForHydration(page);

  const download = async (format: string) => {
    await page.getByText("Извези", { exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: format, exact: true }).click(),
    ]);
    return file;
  };

  // The menu closes with Escape, focus back on its button.
  await page.getByText("Извези", { exact: true }).click();
  await expect(page.getByRole("link", { name: "Excel (.xlsx)", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Excel (.xlsx)", exact: true })).toBeHidden();

  const xlsxFile = await download("Excel (.xlsx)");
  expect(xlsxFile.suggestedFilename()).toMatch(/^products-\d{4}-\d\d-\d\d\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await xlsxFile.path()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual([
    "Назив",
    "Продажна цена",
    "Редовна цена",
  ]);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows.find((row) => row[0] === `Јаболка ${id}`)?.slice(0, 2)).toEqual([`Јаболка ${id}`, 129.9]);
  // A text cell: shown as written, never run as a formula.
  expect(rows.find((row) => row[0] === `=1+1 ${id}`)?.[1]).toBe(5);

  const csvFile = await download("CSV (UTF-8)");
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = readFileSync(await csvFile.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString("utf8");
  expect(csv).toContain("Назив;Продажна цена;Редовна цена;Категорија;Количина");
  expect(csv).toContain(`Јаболка ${id};"129,90";`);
  expect(csv).toContain(`'=1+1 ${id};"5,00";`);
});

test("export → import: the unedited export changes nothing", async ({ page }) => {
  const id = uniqueId();
  await createProduct(page.request, { name: `Сирење овчо ${id}`, price: "489,50" });
  await createProduct(page.request, { name: `Qumësht ${id}`, price: "65" });
  for (const format of ["Excel (.xlsx)", "CSV (UTF-8)"]) {
    await page.goto("/dashboard/products");
    await waitForHydration(page);
    await page.getByText("Извези", { exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: format, exact: true }).click(),
    ]);
    await page.getByRole("link", { name: "Увези", exact: true }).first().click();
    await page.getByLabel("CSV или Excel датотека (.csv, .xlsx)").setInputFiles({
      name: file.suggestedFilename(),
      mimeType: "application/octet-stream",
      buffer: readFileSync(await file.path()),
    });
    await page.getByRole("button", { name: "Прочитај ја датотеката" }).click();
    await page.getByRole("button", { name: "Продолжи кон преглед" }).click();
    await expect(page.locator('[data-count="added"]')).toHaveText("0");
    await expect(page.locator('[data-count="updated"]')).toHaveText("0");
    await expect(page.locator('[data-count="skipped"]')).toHaveText("0");
    await expect(page.getByText("Нема нови или сменети производи во оваа датотека.")).toBeVisible();
  }
});

test("import with 'upload custom': Product X of Y, an image uploaded, then the next one", async ({
  page,
}) => {
  const id = uniqueId();
  const names = [`Маслиново масло ${id}`, `Чај нане ${id}`];
  await page.goto("/dashboard/products/import");
  await waitForHydration(page);
  await page.getByLabel("CSV или Excel датотека (.csv, .xlsx)").setInputFiles({
    name: "novi.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Назив;Продажна цена\r\n${names[0]};459,90\r\n${names[1]};89\r\n`),
  });
  await page.getByRole("button", { name: "Прочитај ја датотеката" }).click();
  await page.getByRole("button", { name: "Продолжи кон преглед" }).click();
  await expect(page.locator('[data-count="added"]')).toHaveText("2");
  await page.getByRole("link", { name: "Продолжи", exact: true }).click();
  await page.getByLabel("Прикачи свои").check();
  await page.getByRole("button", { name: "Започни го увозот" }).click();
  await expect(page.getByText("Увозот заврши.")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("link", { name: "Додајте ги сликите: производ по производ" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Слики за увезените производи" })).toBeVisible();
  await expect(page.getByText("Производ 1 од 2")).toBeVisible();
  await expect(page.getByText(names[0]!, { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "the import's image walk");
  await waitForHydration(page);
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
  await page
    .getByLabel(`Слика за ${names[0]}`)
    .setInputFiles({ name: "maslo.png", mimeType: "image/png", buffer: photo });
  await expect(page.getByText("Сменете ја сликата")).toBeVisible();
  await page.getByRole("link", { name: "Следен производ" }).click();
  await expect(page.getByText("Производ 2 од 2")).toBeVisible();
  await expect(page.getByText(names[1]!, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Готово" })).toHaveAttribute("href", "/dashboard/products");

  // The uploaded image is the product's: the list shows it.
  await page.goto(`/dashboard/products?q=${encodeURIComponent(`Маслиново масло ${id}`)}`);
  await expect(page.locator(`img[src$="-800.webp"]:visible`)).toHaveCount(1);
});
