import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";

// Decision 0062, in mk: the 9-column price-list template's discount columns become a
// promotion — counted in the preview, a discount that cannot be one noted on its line — and the
// public page shows the discount with the law's type and days.

test.use({ signedInAs: "owner", lang: "mk" });

const HEADERS =
  "Назив;Продажна цена;Единечна цена;Опис;Достапност;Редовна цена;Цена со попуст;Вид на попуст;Времетраење на попуст";

/** A Skopje day as the public page writes it: "01.12.2026". */
function mkDay(date: Date): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Skopje" }).format(date);
  return day.split("-").reverse().join(".");
}

test("the 9-column template's discount becomes a promotion the public page shows with its type and days", async ({
  page,
  account,
  newVisitor,
}) => {
  test.setTimeout(90_000);
  const id = uniqueId();
  const file = [
    HEADERS,
    `Шампон ${id};250,00;;Нега;На залиха;;199,00;Распродажба;14 дена`,
    `Сапун ${id};80,00;;;На залиха;;70,00;Петок;`,
    `Паста ${id};95,00;;;На залиха;;;;`,
  ].join("\r\n");

  await page.goto("/dashboard/products/import");
  await waitForHydration(page);
  await page.getByLabel("CSV или Excel датотека (.csv, .xlsx)").setInputFiles({
    name: "cenovnik.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${file}\r\n`, "utf8"),
  });
  await page.getByRole("button", { name: "Прочитај ја датотеката" }).click();
  await expect(page.getByLabel("Цена со попуст")).toHaveValue("discountPrice");
  await page.getByRole("button", { name: "Продолжи кон преглед" }).click();

  // The preview: three new products, one put on a promotion, the unknown type noted on its line.
  await expect(page.locator('[data-count="added"]')).toHaveText("3");
  await expect(page.locator('[data-count="discounts"]')).toHaveText("1");
  await expect(page.getByRole("row", { name: /^3 Непознат вид на попуст „Петок“/ })).toBeVisible();
  const today = new Date();
  const last = new Date(today.getTime() + 13 * 24 * 3600 * 1000);
  await expect(page.getByRole("row", { name: new RegExp(`^2 Шампон ${id}`) })).toContainText(
    `Распродажба, ${mkDay(today)}–${mkDay(last)}`,
  );

  await page.getByRole("link", { name: "Продолжи", exact: true }).click();
  await page.getByLabel("Прескокни").check();
  await page.getByRole("button", { name: "Започни го увозот" }).click();
  await expect(page.getByText("Увозот заврши.")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-count="discounts"]')).toHaveText("1");
  await expect(page.getByRole("row", { name: /^3 Непознат вид на попуст „Петок“/ })).toBeVisible();

  // The public page: the regular price struck through, the discount, the type and the days.
  const visitor = await newVisitor({ lang: "mk" });
  await visitor.goto(`/${account.store!.username}?q=${id}`);
  const shampoo = visitor.locator("li.pc").filter({ hasText: `Шампон ${id}` });
  await expect(shampoo).toContainText("199,00");
  await expect(shampoo.locator("s")).toHaveText(/250,00/);
  await expect(shampoo).toContainText(`Распродажба од ${mkDay(today)} до ${mkDay(last)}`);
  const soap = visitor.locator("li.pc").filter({ hasText: `Сапун ${id}` });
  await expect(soap).toContainText("80,00");
  await expect(soap.locator("s")).toHaveCount(0);
});
