import { expect, test, uniqueEmail, uniqueId } from "../support/e2e-fixtures";
import { signUp, waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// Compliance by default: a new owner follows onboarding (quick products with names and prices only,
// so they start at 18 % VAT and without a net quantity) and then the compliance check, on a
// phone, in mk. The check names what milk and bread lack; the owner fixes exactly that; the public
// list ends with unit prices and 5 % VAT on the products that need them, and nothing left to fix.

const t = TEXTS.mk;
test.use({ viewport: { width: 390, height: 844 } });

test("onboarding and the compliance check end with unit prices and the right VAT where the law needs them", async ({
  page,
  newVisitor,
}) => {
  // The whole walk: sign-up, five onboarding steps, three fixes and the public list.
  test.slow();
  const n = uniqueId();
  await signUp(page, t, { email: uniqueEmail("walk"), password: "correct horse battery" });
  await waitForHydration(page);
  await page.getByLabel(t.onboarding.storeName, { exact: true }).fill(`Бакалница ${n}`);
  await expect(page.getByText(t.onboarding.available, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: t.onboarding.next }).click();
  await page.getByLabel(t.onboarding.phone, { exact: true }).fill("070 123 456");
  await page.getByRole("button", { name: t.onboarding.next }).click();
  await page.getByLabel(t.onboarding.companyName, { exact: true }).fill("Бакалница ДООЕЛ");
  await page.getByRole("combobox", { name: t.onboarding.address }).fill("Скоп");
  await page.getByRole("option", { name: /^Скопје 1000/ }).click();
  await page.getByLabel(t.onboarding.street, { exact: true }).fill("ул. Македонија 1");
  await page.getByRole("button", { name: t.onboarding.next }).click();

  // Quick products, as an owner in a hurry types them: names and prices only.
  await expect(page.getByText("Чекор 4 од 5")).toBeVisible();
  for (const [i, name, price] of [
    [1, "Млеко", "75"],
    [2, "Леб бел", "35"],
    [3, "Чаша стаклена", "120"],
  ] as const) {
    const row = page.getByRole("group", { name: `Производ ${i}` });
    await row.getByLabel("Име на производот").fill(name);
    await row.getByLabel("Цена (ден.)").fill(price);
  }
  await page.getByRole("button", { name: t.onboarding.next }).click();
  // No photos: skip the first two products (in alphabetical order), finish on the last.
  for (const name of ["Леб бел", "Млеко"]) {
    // The step's own line ("Производ 1 од 3: …"), not a library image's "Use this image: …" button.
    await expect(page.getByText(new RegExp(`^Производ \\d од 3: ${name}$`))).toBeVisible();
    await page.getByRole("link", { name: t.onboarding.skip }).click();
  }
  await expect(page.getByText("Производ 3 од 3: Чаша стаклена")).toBeVisible();
  await page.getByRole("button", { name: t.onboarding.submit }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);

  // The dashboard says how many products lack what the law needs, and shows them.
  await expect(page.getByTestId("attention-count")).toContainText(
    "3 производи бараат внимание: им недостасува нешто што го бара законот.",
  );
  await page.getByRole("link", { name: "Прикажи ги" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products\?attention=1$/);
  // A phone card is one link: thumbnail, name, category, then what the product lacks.
  const card = (name: string) => page.getByRole("link", { name: new RegExp(`${name} Без категорија`) });
  await expect(card("Млеко")).toContainText(
    "Нема единечна цена: внесете нето количина; ДДВ 18 % на основна храна (обично 5 %); Нема опис",
  );
  await expect(card("Леб бел")).toContainText("Нема единечна цена: внесете нето количина");
  await expect(card("Чаша стаклена")).toContainText("Нема опис");
  await expect(card("Чаша стаклена")).not.toContainText("единечна цена");

  // The owner fixes each product with what its badge says.
  const fix = async (name: string, fields: { netQuantity?: string; vat?: string; description: string }) => {
    await card(name).click();
    await expect(page.getByLabel(t.products.name, { exact: true })).toHaveValue(name);
    await page.getByLabel("Опис", { exact: true }).fill(fields.description);
    if (fields.netQuantity) await page.getByLabel("Нето количина", { exact: true }).fill(fields.netQuantity);
    if (fields.vat) await page.getByLabel("ДДВ", { exact: true }).selectOption(fields.vat);
    await page.getByRole("button", { name: t.products.save }).click();
    await expect(page.getByText(t.products.saved)).toBeVisible();
    await page.goto("/dashboard/products?attention=1");
  };
  await fix("Млеко", { netQuantity: "1 л", vat: "5", description: "Свежо кравјо млеко." });
  await fix("Леб бел", { netQuantity: "500 г", vat: "5", description: "Се пече секое утро." });
  await fix("Чаша стаклена", { description: "Стаклена чаша за вода, 250 мл." });

  // Nothing is left to fix.
  await expect(page.getByText("Нема производи што одговараат")).toBeVisible();
  await expect(page.getByTestId("attention-count")).toHaveCount(0);
  await expect(page.getByTestId("attention-complete")).toHaveText(
    "Вашиот ценовник е комплетен: ниту еден производ не бара внимание.",
  );

  // The public list: unit prices and 5 % VAT on milk and bread, none needed on the glass.
  const visitor = await newVisitor();
  await visitor.goto(`/bakalnica-${n}`);
  const publicCard = (name: string) =>
    visitor.locator("li.pc").filter({ has: visitor.getByRole("heading", { name, exact: true }) });
  await expect(publicCard("Млеко")).toContainText(/Единечна цена 75,00\sден\.\s\/\sл/);
  await expect(publicCard("Млеко")).toContainText(/ДДВ 5\s?%/);
  await expect(publicCard("Леб бел")).toContainText(/Единечна цена 70,00\sден\.\s\/\sкг/);
  await expect(publicCard("Леб бел")).toContainText(/ДДВ 5\s?%/);
  await expect(publicCard("Чаша стаклена")).toContainText(/ДДВ 18\s?%/);
  await expect(publicCard("Чаша стаклена")).not.toContainText("Единечна цена");
});
