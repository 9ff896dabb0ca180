import { mkdirSync } from "node:fs";
import { ATTENTION_PAGE_SIZE } from "../../app/features/attention/attention";
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
  // Nothing is left: no "0 products need attention", no empty file offered.
  await expect(page.getByText("0 производи бараат внимание", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Преземете ги во Excel (.xlsx)" })).toHaveCount(0);
  // The compliance panel above says it plainly.
  await expect(page.getByTestId("attention-complete")).toHaveText(
    "Вашиот ценовник е комплетен: ниту еден производ не бара внимание.",
  );
});

test("edits not yet saved are not lost to a page change or a link: the owner is asked first", async ({
  newVisitor,
}) => {
  test.setTimeout(90_000);
  const id = uniqueId();
  // One product more than a page holds, sent in one batch through the REST API (a form post each
  // would take most of the test's time).
  const owner = await createOwner(
    "grid-leave",
    { name: `Leave ${id}`, username: `leave-${id}` },
    async (request) => {
      const created = await request.post("/dashboard/settings/api", {
        form: { intent: "create", name: "Каса", scopes: "write_products" },
      });
      const secret = /vtr_[A-Za-z0-9_-]+/.exec(await created.text())?.[0];
      expect(secret, "the new token is on the page").toBeTruthy();
      const batch = await request.post("/api/v1/products/batch", {
        headers: { Authorization: `Bearer ${secret}` },
        data: {
          items: Array.from({ length: ATTENTION_PAGE_SIZE + 1 }, (_, i) => ({
            externalId: `leave-${i}`,
            name: `Производ ${String(i).padStart(3, "0")}`,
            priceCents: 10000,
          })),
        },
      });
      expect(batch.status()).toBe(200);
    },
  );
  const page = await newVisitor({ account: owner, lang: "mk" });
  await page.goto("/dashboard/products/attention");
  await waitForHydration(page);
  const description = page.getByLabel("Опис", { exact: true });
  await expect(description).toHaveCount(ATTENTION_PAGE_SIZE);

  // Nothing typed: the next page opens without a question.
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    void (asked.length === 1 ? dialog.dismiss() : dialog.accept());
  });
  await page.getByRole("link", { name: "Следна" }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(description).toHaveCount(1);
  await page.getByRole("link", { name: "Претходна" }).click();
  await expect(description).toHaveCount(ATTENTION_PAGE_SIZE);
  expect(asked).toEqual([]);

  // A description typed: the page change asks, and "stay" keeps the page and what was typed.
  await description.nth(0).fill("Домашен производ од нашата продавница.");
  await page.getByRole("link", { name: "Следна" }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toBe(
    "Имате незачувани промени во табелата. Ако ја напуштите страницата, ќе се изгубат. Да ја напуштите?",
  );
  await expect(page).not.toHaveURL(/page=2/);
  await expect(description.nth(0)).toHaveValue("Домашен производ од нашата продавница.");

  // A reload or a closed tab gets the browser's own question.
  const unloadAsked = await page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(unloadAsked).toBe(true);

  // A link away asks too; "leave" leaves.
  await page.getByRole("link", { name: /Назад кон листата/ }).click();
  await expect.poll(() => asked.length).toBe(2);
  await expect(page).toHaveURL(/\/dashboard\/products\?attention=1$/);
});
