import { mkdirSync } from "node:fs";
import { createOwner, expect, test, uniqueId } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";
import { productFormFields } from "../support/product-form-fields";

// The needs-attention grid in mk (decision 0127): only the missing fields as cells, the name's
// quantity offered and written only after "accept" and the save, arrow keys and Enter between
// cells, a block pasted from a spreadsheet, one save for every row; at 390 and 1366 px.

const SHOTS = process.env.GRID_SHOTS_DIR ?? "test-results/attention-grid";

test("the owner fills what the check names in one grid, with the keyboard and a pasted block", async ({
  newVisitor,
}) => {
  const id = uniqueId();
  const owner = await createOwner("grid", { name: `Grid ${id}`, username: `grid-${id}` }, async (request) => {
    for (const name of ["Ајвар домашен 350 г", "Сок портокал 1 л", "Чаша"]) {
      await request.post("/dashboard/products/new", { form: productFormFields({ name, price: "100" }) });
    }
  });
  const page = await newVisitor({ account: owner, lang: "mk" });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Пополнете ги во табела" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products\/attention$/);
  await waitForHydration(page);
  const rows = page.getByTestId("attention-row");
  await expect(rows).toHaveCount(3);
  // Only the missing fields are cells: the glass needs no net quantity.
  await expect(page.getByLabel("Нето количина", { exact: true })).toHaveCount(2);
  await expect(rows.nth(0).getByText("Од името: 350 г")).toBeVisible();

  // Keyboard: down and Enter move within a column.
  const description = page.getByLabel("Опис", { exact: true });
  await description.nth(0).focus();
  await page.keyboard.press("ArrowDown");
  await expect(description.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(description.nth(2)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByLabel("Нето количина", { exact: true }).nth(1)).toBeFocused();

  // A block copied from a spreadsheet: three descriptions, pasted into the first cell.
  await description.nth(0).evaluate((input) => {
    const data = new DataTransfer();
    data.setData("text/plain", "Од печени пиперки.\nЦеден портокал, без шеќер.\nСтаклена чаша, 250 мл.\n");
    input.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(description.nth(0)).toHaveValue("Од печени пиперки.");
  await expect(description.nth(2)).toHaveValue("Стаклена чаша, 250 мл.");

  // The name's quantities are offers: accepted for all, still unsaved.
  await page.getByTestId("accept-all").click();
  await expect(page.getByLabel("Нето количина", { exact: true }).nth(0)).toHaveValue("350");

  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/grid-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/grid-390.png`, fullPage: true });

  await page.getByTestId("attention-save").click();
  await expect(page.getByTestId("attention-empty")).toHaveText("Ниту еден производ не бара внимание.");
});
