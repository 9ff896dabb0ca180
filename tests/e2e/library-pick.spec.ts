import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";

// In mk as an owner sees it: the shared library's starter set gives images (1) to an
// import whose owner chose "first image for all" — the close name gets its image, the result says
// which and the products page shows it; a name the library has nothing close to stays without one —
// and (2) to a product
// made on the new-product form, which searches the library itself.

test.use({ signedInAs: "owner", lang: "mk" });

const MATCHED = "Млеко Бимилк 3,2% 1 л"; // in library-starter/entries.json

test("an import with 'first image for all': the close match is assigned and shown, a wrong one is not", async ({
  page,
}) => {
  const id = uniqueId();
  const nonsense = `Шрафцигер крстест ${id}`;
  const csv = `Назив;Цена\n${MATCHED};79,00\n${nonsense};350,00\n`;
  await page.goto("/dashboard/products");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Увези", exact: true }).first().click();
  await page.getByLabel("CSV или Excel датотека (.csv, .xlsx)").setInputFiles({
    name: "proizvodi.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await page.getByRole("button", { name: "Прочитај ја датотеката" }).click();
  await page.getByRole("button", { name: "Продолжи кон преглед" }).click();
  await expect(page.locator('[data-count="added"]')).toHaveText("2");
  await page.getByRole("link", { name: "Продолжи", exact: true }).click();
  await expect(page.getByRole("group", { name: "Слики за увезените производи" })).toBeVisible();
  await page.getByLabel("Прва слика за сите").check();
  await page.getByRole("button", { name: "Започни го увозот" }).click();
  await expect(page.getByText("Увозот заврши.")).toBeVisible({ timeout: 20_000 });

  // The owner sees what was matched: one product, with the library entry it took.
  const matches = page.getByRole("region", { name: "1 производ доби слика од библиотеката:" });
  await expect(matches).toBeVisible({ timeout: 15_000 });
  await expect(matches.getByRole("link", { name: MATCHED })).toBeVisible();
  await expect(matches.getByText(`← ${MATCHED}`)).toBeVisible();
  await expect(page.getByText("1 производ нема доволно слична слика и останува без слика.")).toBeVisible();

  // The products page shows the matched image in the product's row; the wrong one has none.
  const matchedHref = await matches.getByRole("link", { name: MATCHED }).getAttribute("href");
  expect(matchedHref).toMatch(/^\/dashboard\/products\/[0-9a-f-]{36}$/);
  await page.goto(`/dashboard/products?q=${encodeURIComponent(MATCHED)}`);
  const matchedRow = page.getByRole("row").filter({ has: page.locator(`a[href="${matchedHref}"]`) });
  const thumb = matchedRow.locator('img[src*="/uploads/library/"]');
  await expect(thumb).toBeVisible();
  // The thumbnail keeps its square however tight the table is.
  const box = await thumb.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(39);
  expect(box?.width).toBeCloseTo(box?.height ?? 0, 0);
  await expect(matchedRow.getByRole("img", { name: "Нема слика" })).toHaveCount(0);
  await page.goto(`/dashboard/products?q=${encodeURIComponent(nonsense)}`);
  const wrongRow = page.getByRole("row").filter({ hasText: nonsense });
  await expect(wrongRow.getByRole("img", { name: "Нема слика" })).toBeVisible();
  await expect(wrongRow.locator('img[src*="/uploads/"]')).toHaveCount(0);

  // The close match shows the library's image on its own page too; the wrong one has none.
  await page.goto(matchedHref ?? "");
  await expect(page.getByRole("heading", { level: 1, name: MATCHED })).toBeVisible();
  await expect(page.locator('img[src*="/uploads/library/"]').first()).toBeVisible();
  await page.goto(`/dashboard/products?q=${encodeURIComponent(nonsense)}`);
  await page.getByRole("link", { name: nonsense, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: nonsense })).toBeVisible();
  await expect(page.locator('img[src*="/uploads/library/"]')).toHaveCount(0);
});

test("the new-product form offers the library, and the product is saved with the chosen image", async ({
  page,
}) => {
  const name = `Млеко ${uniqueId()}`;
  await page.goto("/dashboard/products/new");
  await waitForHydration(page);
  await page.getByLabel(/^Име на производот/).fill(name);
  await page.getByLabel(/^Продажна цена со ДДВ/).fill("79");
  const picker = page.getByRole("group", { name: "Или изберете слика од библиотеката" });
  await picker.getByRole("searchbox").fill("mleko bimilk");
  await picker.getByRole("button", { name: "Барај" }).click();
  await picker.getByText(MATCHED).first().click();
  await page.getByRole("button", { name: "Додај производ" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Производи" })).toBeVisible();
  await page.goto(`/dashboard/products?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator('img[src*="/uploads/library/"]').first()).toBeVisible();
});
