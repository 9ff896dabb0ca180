import { createOwner, expect, type StoreOwner, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";

// In mk as an owner sees it: the shared image library (the starter set every fresh
// install loads) is searched in Cyrillic and in Latin, finds nothing for nonsense, and one of its
// images is assigned to the owner's product, which then shows it on the public page.

const PRODUCT = "Млеко Бимилк 3,2% 1 л";
const ENTRY = "Млеко Бимилк 3,2% 1 л"; // in library-starter/entries.json
let owner: StoreOwner;

test.beforeAll(async () => {
  const id = uniqueId();
  owner = await createOwner("library", { name: `Library ${id}`, username: `library-${id}` }, (request) =>
    createProduct(request, { name: PRODUCT, price: "79" }),
  );
});

test("search the library in Cyrillic and Latin and give a product its image", async ({ newVisitor }) => {
  const page = await newVisitor({ account: owner, lang: "mk" });
  await page.goto("/dashboard/products");
  await page.getByRole("link", { name: PRODUCT, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
  // The picker offers the library's best match first.
  const offers = page.getByRole("region", { name: "Од библиотеката слики" });
  await expect(offers.getByRole("img", { name: ENTRY })).toBeVisible();
  await waitForHydration(page);
  await offers.getByRole("link", { name: "Пребарај ја целата библиотека" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Библиотека слики" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `Избирате слика за: ${PRODUCT}` })).toBeVisible();

  const search = page.getByRole("searchbox", { name: "Пребарај ја библиотеката" });
  const results = page.getByRole("list", { name: "Слики" });
  await search.fill("млеко");
  await page.getByRole("button", { name: "Барај", exact: true }).click();
  await expect(page).toHaveURL(/q=%D0%BC%D0%BB%D0%B5%D0%BA%D0%BE/);
  await expect(results.getByRole("img", { name: ENTRY })).toBeVisible();
  await expect(results.getByRole("img", { name: "Млеко Здравје Радово 2,8% 1 л" })).toBeVisible();

  await search.fill("mleko bimilk");
  await page.getByRole("button", { name: "Барај", exact: true }).click();
  await expect(page).toHaveURL(/q=mleko\+bimilk/);
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results.getByRole("img", { name: ENTRY })).toBeVisible();

  await search.fill("нешто што го нема");
  await page.getByRole("button", { name: "Барај", exact: true }).click();
  await expect(page.getByText("Не се пронајдени слики")).toBeVisible();

  await search.fill("mleko bimilk");
  await page.getByRole("button", { name: "Барај", exact: true }).click();
  await results.getByRole("button", { name: `Користи ја сликата: ${ENTRY}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
  await expect(page.getByText("Сликата од библиотеката е поставена.")).toBeVisible();

  // Signed out, the public page shows the product with the library's image.
  const visitor = await newVisitor({ lang: "mk" });
  await visitor.goto(`/${owner.store?.username}`);
  const card = visitor.getByRole("listitem").filter({ hasText: PRODUCT });
  await expect(card.locator("img")).toHaveAttribute("src", /\/library\/[0-9a-f]{24}-320\.webp$/);
  const src = await card.locator("img").getAttribute("src");
  const image = await visitor.request.get(src ?? "");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
});

test("an Albanian reader finds the library in Latin and reads each entry's Latin spelling and category beside its wordless tile", async ({
  newVisitor,
}) => {
  const page = await newVisitor({ account: owner, lang: "sq" });
  await page.goto(`/dashboard/image-gallery?q=${encodeURIComponent("mleko bimilk")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Biblioteka e imazheve" })).toBeVisible();
  const entry = page.getByRole("list", { name: "Imazhet" }).getByRole("listitem");
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole("img", { name: ENTRY })).toBeVisible();
  await expect(entry.getByText("Mleko Bimilk 3,2% 1 l", { exact: true })).toBeVisible();
  // The category too, in Albanian: on the tile and in the filter, which then finds its entries.
  await expect(entry.getByText("Produkte qumështi", { exact: true })).toBeVisible();
  await expect(entry.getByText("Млечни производи")).toHaveCount(0);
  const filter = page.getByRole("combobox", { name: "Kategoria" });
  await expect(filter.getByRole("option", { name: "Produkte qumështi" })).toHaveCount(1);
  await expect(filter.getByRole("option", { name: "Млечни производи" })).toHaveCount(0);
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Kërko në bibliotekë" }).fill("");
  await filter.selectOption({ label: "Produkte qumështi" });
  await page.getByRole("button", { name: "Kërko", exact: true }).click();
  await expect(page.getByRole("list", { name: "Imazhet" }).getByRole("img", { name: ENTRY })).toBeVisible();
  await expect(page.getByRole("list", { name: "Imazhet" }).getByText("Fruta dhe perime")).toHaveCount(0);

  // An address naming the category in Albanian selects it, as a Macedonian one does.
  await page.goto(`/dashboard/image-gallery?category=${encodeURIComponent("Produkte qumështi")}`);
  await expect(filter).toHaveValue("Млечни производи");
  await expect(page.getByRole("list", { name: "Imazhet" }).getByRole("img", { name: ENTRY })).toBeVisible();
});
