import { createOwner, expect, type StoreOwner, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";

// Decision 0074: the owner turns on Albanian product content and gives a product an Albanian name; a
// visitor reading Albanian sees it, a visitor reading Macedonian sees the Macedonian one, the feed
// carries both, and a search by the Albanian name finds the product. A fresh owner of its own: the
// setting changes the store (the worker's shared owner stays as other specs expect it).

test.describe.configure({ mode: "serial" });

const TEXTS = {
  setting: "Производите имаат име и опис и на албански",
  saved: "Поставката за јазиците е зачувана",
  nameSq: "Име на производот на албански",
  descriptionSq: "Опис на албански",
  saveLanguages: "Зачувај јазици",
  save: "Зачувај",
  searchMk: "Пребарај производи",
} as const;

const id = uniqueId();
const NAME = `Млеко свежо ${id}`;
// A word only the Albanian name has, so a search for it finds the product through that name alone.
const WORD = `Pellagoni${id.slice(-4)}`;
const NAME_SQ = `Qumësht i freskët i pasterizuar me yndyrë të plotë nga fermat e ${WORD} 1 l`;
const DESCRIPTION_SQ = "Qumësht lope, të ruhet në frigorifer në 2–8 °C.";
let owner: StoreOwner;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  owner = await createOwner("albanian", { name: `Shqip ${id}`, username: `shqip-${id}` }, (request) =>
    createProduct(request, { name: NAME, price: "79" }),
  );
});

test("the owner enables Albanian content and gives a product its Albanian name", async ({ newVisitor }) => {
  const page = await newVisitor({ account: owner, lang: "mk" });
  // Off: the product form has no Albanian fields.
  await page.goto("/dashboard/products/new");
  await expect(page.getByLabel("Име на производот", { exact: true })).toBeVisible();
  await expect(page.getByLabel(TEXTS.nameSq, { exact: true })).toHaveCount(0);

  await page.goto("/dashboard/settings/store");
  await waitForHydration(page);
  const setting = page.getByLabel(TEXTS.setting);
  await expect(setting).not.toBeChecked();
  await setting.check();
  // Its form's button says what it saves: the store form's "Зачувај" is a different button.
  await expect(page.getByRole("button", { name: TEXTS.save, exact: true })).toHaveCount(1);
  await page
    .locator("form", { has: setting })
    .getByRole("button", { name: TEXTS.saveLanguages, exact: true })
    .click();
  await expect(page.getByText(TEXTS.saved)).toBeVisible();
  await expect(page.getByLabel(TEXTS.setting)).toBeChecked();

  await page.goto("/dashboard/products");
  await page.getByRole("link", { name: NAME, exact: true }).click();
  await page.getByLabel(TEXTS.nameSq, { exact: true }).fill(NAME_SQ);
  await page.getByLabel(TEXTS.descriptionSq, { exact: true }).fill(DESCRIPTION_SQ);
  await page.getByRole("button", { name: TEXTS.save, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await page.getByRole("link", { name: NAME, exact: true }).click();
  await expect(page.getByLabel(TEXTS.nameSq, { exact: true })).toHaveValue(NAME_SQ);
});

test("a visitor reading Albanian sees the Albanian name, one reading Macedonian the Macedonian", async ({
  newVisitor,
}) => {
  const base = `/${owner.store.username}`;
  const sq = await newVisitor({ lang: "sq" });
  await sq.goto(base);
  await expect(sq.getByRole("heading", { level: 3, name: NAME_SQ })).toBeVisible();
  await expect(sq.getByText(DESCRIPTION_SQ)).toBeVisible();
  await expect(sq.getByText(NAME, { exact: true })).toHaveCount(0);

  const mk = await newVisitor({ lang: "mk" });
  await mk.goto(base);
  await expect(mk.getByRole("heading", { level: 3, name: NAME })).toBeVisible();
  await expect(mk.getByText(NAME_SQ)).toHaveCount(0);

  // A search by a word of the Albanian name finds the product, for either reader.
  await waitForHydration(mk);
  await mk.getByRole("searchbox", { name: TEXTS.searchMk }).fill(WORD.toLowerCase());
  await mk.getByRole("searchbox", { name: TEXTS.searchMk }).press("Enter");
  await expect(mk).toHaveURL(/[?&]q=/);
  await expect(mk.getByRole("heading", { level: 3, name: NAME })).toBeVisible();
  await sq.goto(`${base}?q=${encodeURIComponent(WORD)}`);
  await expect(sq.getByRole("heading", { level: 3, name: NAME_SQ })).toBeVisible();
  await sq.goto(`${base}?q=${encodeURIComponent("nothing-like-it")}`);
  await expect(sq.getByRole("heading", { level: 3, name: NAME_SQ })).toHaveCount(0);
});

test("the JSON and CSV feeds carry both languages as separate fields", async ({ request }) => {
  const base = `/${owner.store.username}`;
  const json = await (await request.get(`${base}/prices.json`)).json();
  expect(json.products).toEqual([
    expect.objectContaining({ name: NAME, nameSq: NAME_SQ, descriptionSq: DESCRIPTION_SQ }),
  ]);
  const csv = await (await request.get(`${base}/prices.csv`)).text();
  const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
  // The category's Albanian name (category.name_sq) is the last column.
  expect(header).toMatch(/,Шифра \(ID\),Производ \(албански\),Опис \(албански\),Категорија \(албански\)$/);
  expect(row).toContain(NAME);
  // The description has a comma: quoted (RFC 4180).
  expect(row).toContain(`,${NAME_SQ},"${DESCRIPTION_SQ}"`);
});
