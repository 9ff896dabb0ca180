import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";

// Decision 0032, in mk: a bulk price change shows its preview (count, examples old → new, the
// rounding rule) and changes nothing until the owner confirms; then exactly those prices change.

test.use({ signedInAs: "owner", lang: "mk" });

const NBSP = "\u00a0";

test("bulk price change: preview first, nothing written, then exactly the previewed change", async ({
  page,
}) => {
  const id = uniqueId();
  await createProduct(page.request, { name: `Банани ${id}`, price: "50" });
  await createProduct(page.request, { name: `Јаболка ${id}`, price: "129,90" });
  await page.goto(`/dashboard/products?q=${id}`);
  await waitForHydration(page);

  await page.getByLabel("Избери ги сите на оваа страница").check();
  const bar = page.getByRole("region", { name: "Групни дејства" });
  await bar.getByLabel("Дејство").selectOption("pricePercent");
  await bar.getByLabel("Промена").fill("10");
  await bar.getByRole("button", { name: "Прегледај ја промената" }).click();

  const preview = page.getByRole("region", { name: "Проверете ја промената на цените пред да се примени" });
  await expect(preview).toBeVisible();
  await expect(preview.getByText("Промена: 10 %.")).toBeVisible();
  await expect(preview.getByText("2 од 2 избрани производи ќе добијат нова цена.")).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveText([
    `Банани ${id}50,00${NBSP}ден. → станува 55,00${NBSP}ден.`,
    `Јаболка ${id}129,90${NBSP}ден. → станува 143,00${NBSP}ден.`,
  ]);
  await expect(preview.getByText(/Новите цени се заокружуваат на цели денари/)).toBeVisible();

  // Nothing is written before the confirmation: a fresh look at the list shows the old prices.
  const other = await page.context().newPage();
  await other.goto(`/dashboard/products?q=${id}`);
  await expect(other.getByRole("cell", { name: `50,00${NBSP}ден.`, exact: true })).toBeVisible();
  await expect(other.getByRole("cell", { name: `129,90${NBSP}ден.`, exact: true })).toBeVisible();
  await other.close();

  await preview.getByRole("button", { name: "Потврди и промени 2 цени" }).click();
  await expect(
    page.getByText(/^Готово: променети 2, 0 веќе ја имаа таа цена, 0 не се променети/),
  ).toBeVisible();
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole("cell", { name: `55,00${NBSP}ден.`, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: `143,00${NBSP}ден.`, exact: true })).toBeVisible();
});

test("bulk price change: cancelling the preview changes nothing", async ({ page }) => {
  const id = uniqueId();
  await createProduct(page.request, { name: `Млеко ${id}`, price: "60" });
  await page.goto(`/dashboard/products?q=${id}`);
  await waitForHydration(page);
  await page.getByLabel("Избери ги сите на оваа страница").check();
  const bar = page.getByRole("region", { name: "Групни дејства" });
  await bar.getByLabel("Дејство").selectOption("priceAmount");
  await bar.getByLabel("Промена").fill("-15");
  await bar.getByRole("button", { name: "Прегледај ја промената" }).click();
  const preview = page.getByRole("region", { name: "Проверете ја промената на цените пред да се примени" });
  await expect(preview.getByRole("listitem")).toHaveText([
    `Млеко ${id}60,00${NBSP}ден. → станува 45,00${NBSP}ден.`,
  ]);
  await preview.getByRole("link", { name: "Откажи" }).click();
  await expect(preview).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("cell", { name: `60,00${NBSP}ден.`, exact: true })).toBeVisible();
});

test("bulk price change without JavaScript: tick, preview from the server, confirm", async ({
  newVisitor,
  account,
}) => {
  const id = uniqueId();
  const page = await newVisitor({ lang: "mk", account, javaScriptEnabled: false });
  await createProduct(page.request, { name: `Кафе ${id}`, price: "200" });
  await createProduct(page.request, { name: `Чај ${id}`, price: "80" });
  await page.goto(`/dashboard/products?q=${id}`);
  const bar = page.getByRole("region", { name: "Групни дејства" });
  await expect(bar.getByText("Штиклирајте производи, изберете дејство и примени го.")).toBeVisible();
  await page
    .getByRole("checkbox", { name: `Избери Кафе ${id}` })
    .first()
    .check();
  await bar.getByLabel("Дејство").selectOption("priceAmount");
  await bar.getByLabel("Промена").fill("-20");
  await bar.getByRole("button", { name: "Примени" }).click();

  const preview = page.getByRole("region", { name: "Проверете ја промената на цените пред да се примени" });
  await expect(preview.getByText("1 од 1 избрани производи ќе добие нова цена.")).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveText([
    `Кафе ${id}200,00${NBSP}ден. → станува 180,00${NBSP}ден.`,
  ]);
  await preview.getByRole("button", { name: "Потврди и промени 1 цена" }).click();
  await expect(page.getByRole("cell", { name: `180,00${NBSP}ден.`, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: `80,00${NBSP}ден.`, exact: true })).toBeVisible();
});
