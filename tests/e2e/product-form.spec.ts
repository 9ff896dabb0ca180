import type { Page } from "@playwright/test";
import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";

// Decision 0031 on the product form. Texts are written out (tests/support/e2e-texts.ts
// explains why): a message that falls back to English, or to Zod's "Invalid input", fails.

const TEXTS = {
  mk: {
    name: "Име на производот",
    price: "Продажна цена со ДДВ (ден.)",
    regularPrice: "Редовна цена со ДДВ (ден.)",
    netQuantity: "Нето количина",
    netUnit: "Единица на нето количината",
    stock: "Залиха",
    barcode: "Бар-код (EAN)",
    create: "Додај производ",
    priceInvalid: "Внесете цена, на пр. 120 или 120,50",
    quantityInvalid: "Внесете количина поголема од нула, на пр. 500 г или 1,5 л",
    wholeNumber: "Внесете цел број",
    barcodeInvalid: "Бар-кодот не е важечки EAN-8 или EAN-13",
    unitPrice: "Единечна цена: 240,00\u00a0ден. / кг",
  },
  sq: {
    name: "Emri i produktit",
    price: "Çmimi i shitjes me TVSH (den.)",
    regularPrice: "Çmimi i rregullt me TVSH (den.)",
    netQuantity: "Sasia neto",
    netUnit: "Njësia e sasisë neto",
    stock: "Sasia në stok",
    barcode: "Barkodi (EAN)",
    create: "Shto produktin",
    priceInvalid: "Shkruani një çmim, p.sh. 120 ose 120,50",
    quantityInvalid: "Shkruani një sasi mbi zero, p.sh. 500 g ose 1,5 l",
    wholeNumber: "Shkruani një numër të plotë",
    barcodeInvalid: "Barkodi nuk është EAN-8 ose EAN-13 i vlefshëm",
    unitPrice: "Çmimi për njësi: 240,00\u00a0den / kg",
  },
} as const;

// Zod's English defaults and the words English messages of the catalogue use.
const ENGLISH = /Invalid|expected|received|Too (small|big)|\bEnter\b|\bChoose\b|must|cannot/;

/** Every message under a field, in page order. */
async function fieldMessages(page: Page): Promise<string[]> {
  return page.locator("[data-slot=field] [role=alert]").allInnerTexts();
}

async function fillWrongTypes(page: Page, t: (typeof TEXTS)[keyof typeof TEXTS], name: string) {
  await page.getByLabel(t.name, { exact: true }).fill(name);
  await page.getByLabel(t.price, { exact: true }).fill("60");
  await page.getByLabel(t.regularPrice, { exact: true }).fill("шеесет");
  await page.getByLabel(t.netQuantity, { exact: true }).fill("пет");
  await page.getByLabel(t.stock, { exact: true }).fill("1,5");
  await page.getByLabel(t.barcode, { exact: true }).fill("abc");
  await page.getByRole("button", { name: t.create, exact: true }).click();
}

function expectOwnLanguage(messages: string[], t: (typeof TEXTS)[keyof typeof TEXTS]) {
  expect(messages).toEqual([t.priceInvalid, t.quantityInvalid, t.wholeNumber, t.barcodeInvalid]);
  for (const message of messages) expect(message).not.toMatch(ENGLISH);
}

test.describe("product form", () => {
  test.use({ signedInAs: "owner", lang: "mk" });

  for (const lang of ["mk", "sq"] as const) {
    const t = TEXTS[lang];

    test.describe(lang, () => {
      test.use({ lang });

      test(`${lang}: fields of the wrong type are refused in ${lang}, never in English`, async ({ page }) => {
        await page.goto("/dashboard/products/new");
        await waitForHydration(page);
        await fillWrongTypes(page, t, `Погрешно ${uniqueId()}`);
        await expect(page.getByLabel(t.regularPrice, { exact: true })).toHaveAccessibleDescription(
          t.priceInvalid,
        );
        expectOwnLanguage(await fieldMessages(page), t);
        await expect(page).toHaveURL(/\/dashboard\/products\/new$/);
      });
    });
  }

  test("mk, JavaScript off: the server's answer is in Macedonian too", async ({
    newVisitor,
    account,
    consoleGuard,
  }) => {
    consoleGuard.allowHttpError("/dashboard/products/new", 400);
    const page = await newVisitor({ lang: "mk", account, javaScriptEnabled: false });
    await page.goto("/dashboard/products/new");
    await fillWrongTypes(page, TEXTS.mk, `Без JS ${uniqueId()}`);
    await expect(page.getByLabel(TEXTS.mk.regularPrice, { exact: true })).toHaveAccessibleDescription(
      TEXTS.mk.priceInvalid,
    );
    expectOwnLanguage(await fieldMessages(page), TEXTS.mk);
  });

  test("mk: a net quantity typed with its unit fills the unit and the unit price", async ({ page }) => {
    const t = TEXTS.mk;
    const name = `Кафе ${uniqueId()}`;
    await page.goto("/dashboard/products/new");
    await waitForHydration(page);
    await page.getByLabel(t.name, { exact: true }).fill(name);
    await page.getByLabel(t.price, { exact: true }).fill("120");
    const quantity = page.getByLabel(t.netQuantity, { exact: true });
    await quantity.fill("500 г");
    await expect(page.getByLabel(t.netUnit, { exact: true })).toHaveValue("g");
    await expect(page.getByText(t.unitPrice, { exact: true })).toBeVisible();
    // Leaving the field keeps the number; the unit now shows in its own select.
    await quantity.blur();
    await expect(quantity).toHaveValue("500");
    await page.getByRole("button", { name: t.create, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);

    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByLabel(t.netQuantity, { exact: true })).toHaveValue("500");
    await expect(page.getByLabel(t.netUnit, { exact: true })).toHaveValue("g");
    await expect(page.getByText(t.unitPrice, { exact: true })).toBeVisible();
  });

  test('mk, JavaScript off: "1,5 л" is saved as 1.5 litres', async ({ newVisitor, account }) => {
    const t = TEXTS.mk;
    const name = `Сок ${uniqueId()}`;
    const page = await newVisitor({ lang: "mk", account, javaScriptEnabled: false });
    await page.goto("/dashboard/products/new");
    await page.getByLabel(t.name, { exact: true }).fill(name);
    await page.getByLabel(t.price, { exact: true }).fill("90");
    await page.getByLabel(t.netQuantity, { exact: true }).fill("1,5 л");
    await page.getByRole("button", { name: t.create, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByLabel(t.netQuantity, { exact: true })).toHaveValue("1,5");
    await expect(page.getByLabel(t.netUnit, { exact: true })).toHaveValue("l");
    await expect(page.getByText("Единечна цена: 60,00\u00a0ден. / л", { exact: true })).toBeVisible();
  });
});
