import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import iconv from "iconv-lite";
import { overlappingBomb, productXlsx } from "../../app/features/import/fixtures.test-support";
import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";

// The import, in mk: a POS export in Windows-1251 is uploaded, one column is mapped by hand, the
// preview names the bad row, the import runs on the server, the products are on the public page;
// the same file again is offered the saved mapping and changes nothing.

test.use({ signedInAs: "owner", lang: "mk" });

// IMPORT_SHOTS=/tmp/dir: a screenshot of every step at 390 and 1366 px (kept out of the repository).
const SHOTS = process.env.IMPORT_SHOTS;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

function posExport(id: string): Buffer {
  const lines = [
    "Шифра;Артикл;МПЦ;Група;Белешка",
    `1;Леб Сремски ${id};35,00;Пекара ${id};бел леб 500 г`,
    `2;Млеко Зденка ${id};1.089,90;Млечни ${id};`,
    `3;Сирење ${id};;Млечни ${id};без цена`,
    `4;Јогурт ${id};45,50;Млечни ${id};кофичка`,
  ];
  return iconv.encode(`${lines.join("\r\n")}\r\n`, "windows-1251");
}

async function upload(page: Page, file: Buffer) {
  await page.goto("/dashboard/products");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Увези", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Увоз на производи" })).toBeVisible();
  await shoot(page, "1-upload");
  await page.getByLabel("CSV или Excel датотека (.csv, .xlsx)").setInputFiles({
    name: "artikli.csv",
    mimeType: "text/csv",
    buffer: file,
  });
  await page.getByRole("button", { name: "Прочитај ја датотеката" }).click();
  await expect(page.getByLabel("Кодирање на знаците")).toHaveValue("windows-1251");
}

async function runToResult(page: Page) {
  await page.getByRole("link", { name: "Продолжи без неважечките редови" }).click();
  await expect(page.getByRole("group", { name: "Слики за увезените производи" })).toBeVisible();
  // The shared library exists now: its option is offered, with what it does.
  await expect(page.getByLabel("Прва слика за сите")).toBeEnabled();
  await shoot(page, "4-images");
  await page.getByLabel("Прескокни").check();
  await page.getByRole("button", { name: "Започни го увозот" }).click();
  await expect(page.getByText("Увозот заврши.")).toBeVisible({ timeout: 20_000 });
}

test("import a Windows-1251 POS export with a column mapped by hand, then again with the saved mapping", async ({
  page,
  account,
  newVisitor,
}) => {
  const id = uniqueId();
  await upload(page, posExport(id));

  // Detected: the name, price and category columns; "Белешка" is mapped by hand to the description.
  await expect(page.getByLabel("Артикл")).toHaveValue("name");
  await expect(page.getByLabel("МПЦ")).toHaveValue("price");
  await expect(page.getByLabel("Група")).toHaveValue("category");
  await expect(page.getByLabel("Белешка")).toHaveValue("");
  await expect(page.getByText("бел леб 500 г")).toBeVisible();
  await shoot(page, "2-map");
  await page.getByLabel("Белешка").selectOption("description");
  await page.getByRole("button", { name: "Продолжи кон преглед" }).click();

  // Preview: three new products, the row without a price skipped with its line and reason.
  await expect(page.locator('[data-count="added"]')).toHaveText("3");
  await expect(page.locator('[data-count="skipped"]')).toHaveText("1");
  await expect(page.getByRole("cell", { name: "Нема цена" })).toBeVisible();
  await expect(page.getByRole("row", { name: /^4 Нема цена/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "1.089,90\u00a0ден." })).toBeVisible();
  await shoot(page, "3-preview");
  await runToResult(page);
  await expect(page.locator('[data-count="added"]')).toHaveText("3");
  await expect(page.getByRole("link", { name: "Преземи ги прескокнатите редови (CSV)" })).toBeVisible();
  await shoot(page, "5-result");

  // The public price list shows the imported products.
  const visitor = await newVisitor({ lang: "mk" });
  await visitor.goto(`/${account.store?.username}`);
  await expect(visitor.getByText(`Млеко Зденка ${id}`).first()).toBeVisible();
  await expect(visitor.getByText(`Јогурт ${id}`).first()).toBeVisible();

  // The same file again: the saved mapping is offered, and nothing changes.
  await upload(page, posExport(id));
  await expect(page.getByText("Ова е зачуваното поврзување на колоните")).toBeVisible();
  await expect(page.getByLabel("Белешка")).toHaveValue("description");
  await page.getByRole("button", { name: "Продолжи кон преглед" }).click();
  await expect(page.locator('[data-count="unchanged"]')).toHaveText("3");
  await expect(page.locator('[data-count="added"]')).toHaveText("0");
  await expect(page.getByText("Нема нови или сменети производи во оваа датотека.")).toBeVisible();
});

test("a file that is not what its name says is refused clearly", async ({ page, consoleGuard }) => {
  consoleGuard.allowHttpError("/dashboard/products/import.data", 415);
  await page.goto("/dashboard/products/import");
  await waitForHydration(page);
  await page.getByLabel("CSV или Excel датотека (.csv, .xlsx)").setInputFiles({
    name: "ceni.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from("Назив;Цена\nЛеб;30\n"),
  });
  await page.getByRole("button", { name: "Прочитај ја датотеката" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    /Датотеката не е CSV или Excel \(.xlsx\), без оглед на името/,
  );
});

test("an .xlsx hiding a deflate bomb is refused, and the next real one is read", async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  consoleGuard.allowHttpError("/dashboard/products/import.data", 422);
  const choose = async (name: string, buffer: Buffer) => {
    await page.getByLabel("CSV или Excel датотека (.csv, .xlsx)").setInputFiles({
      name,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer,
    });
    await page.getByRole("button", { name: "Прочитај ја датотеката" }).click();
  };
  await page.goto("/dashboard/products/import");
  await waitForHydration(page);
  // 1 MB that a reader following only the central directory would inflate to 1 GB.
  await choose("ceni.xlsx", Buffer.from(overlappingBomb(1000)));
  await expect(page.getByRole("alert")).toHaveText(/Датотеката не може да се прочита/, {
    timeout: 30_000,
  });
  await choose("ceni.xlsx", Buffer.from(await productXlsx(3)));
  await expect(page.getByRole("button", { name: "Продолжи кон преглед" })).toBeVisible({ timeout: 20_000 });
});
