import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { createOwner, expect, type StoreOwner, test, uniqueId } from "../support/e2e-fixtures";
import { createPromotion, waitForHydration } from "../support/e2e-flows";
import { productFormFields } from "../support/product-form-fields";
import { DESKTOP, PHONE } from "../support/viewports";

// As a person sees them, in mk: long names stay inside the page, every menu
// entry and category is reachable, the report dialog dims the page and ends with "Close", business
// hours show what is saved, public filters apply at once, and the small texts read right.
// One owner of this file's own, so nothing another spec saved (hours, categories) changes what it sees.

const LONG_CODE = `ШИФРА${"1234567890".repeat(5)}ABCDE`; // 60 characters, no space
const LONG_CATEGORY = `Категорија${"Х".repeat(30)}`; // 40, the longest a category may be
const CATEGORY_COUNT = 14;

let owner: StoreOwner;
let categoryIds: string[] = [];

async function post(request: APIRequestContext, path: string, form: Record<string, string>) {
  const response = await request.post(path, { form });
  expect(response.status(), `${path} ${JSON.stringify(form)}`).toBeLessThan(400);
}

function productForm(name: string, fields: Record<string, string> = {}) {
  return productFormFields({ name, quantity: "3", ...fields });
}

test.beforeAll(async () => {
  const id = uniqueId();
  owner = await createOwner("layout", { name: `Layout ${id}`, username: `layout-${id}` }, async (request) => {
    // Many categories (the chips overflow one row at 1366 px), the first with a 40-character name.
    await post(request, "/dashboard/categories", { intent: "create", name: LONG_CATEGORY });
    for (let i = 1; i < CATEGORY_COUNT; i++) {
      await post(request, "/dashboard/categories", { intent: "create", name: `Категорија број ${i}` });
    }
    const html = await (await request.get("/dashboard/categories")).text();
    categoryIds = [...html.matchAll(/\/dashboard\/products\?category=([0-9a-f-]{36})/g)].map(
      (m) => m[1] ?? "",
    );
    expect(categoryIds).toHaveLength(CATEGORY_COUNT);
    await post(
      request,
      "/dashboard/products/new",
      productForm(LONG_CODE, {
        description: `Опис${"Д".repeat(150)}`,
        price: "99",
        categoryId: categoryIds[0] ?? "",
      }),
    );
    // Ајвар is the one product on promotion: 200 den, 25 % off for a week.
    await post(request, "/dashboard/products/new", productForm("Ајвар", { price: "200" }));
    const ajvar = (
      await (await request.get(`/dashboard/products?q=${encodeURIComponent("Ајвар")}`)).text()
    ).match(/\/dashboard\/products\/([0-9a-f-]{36})/)?.[1];
    expect(ajvar).toBeTruthy();
    await createPromotion(request, { name: "Попуст на ајвар", productIds: [ajvar ?? ""], percent: "25" });
    await post(request, "/dashboard/products/new", productForm("Бонбони", { price: "50" }));
    // A price change, for the activity log's old → new.
    const products = await (
      await request.get(`/dashboard/products?q=${encodeURIComponent("Бонбони")}`)
    ).text();
    const productId = products.match(/\/dashboard\/products\/([0-9a-f-]{36})/)?.[1];
    expect(productId).toBeTruthy();
    await post(request, `/dashboard/products/${productId}`, productForm("Бонбони", { price: "55" }));
  });
});

async function signIn(page: Page) {
  await page.context().addCookies(owner.storageState.cookies);
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

test.describe("long names (§2)", () => {
  test("a 60-character till code stays inside the public page and the dashboard at 390 px", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn(page);
    const publicPage = `/${owner.store?.username}?q=${encodeURIComponent("ШИФРА")}`;
    await page.goto(publicPage);
    await expect(page.getByText(LONG_CODE, { exact: true })).toBeVisible();
    expect(await scrollWidth(page), publicPage).toBeLessThanOrEqual(PHONE.width);
    // A card clips what overflows it (app.css ".pc": content-visibility), so the name itself must fit
    // inside its card: a page that is not too wide could still cut the name off.
    const card = await box(page.getByRole("listitem").filter({ hasText: LONG_CODE }));
    const code = await box(page.getByText(LONG_CODE, { exact: true }));
    expect(code.x, "the name starts inside its card").toBeGreaterThanOrEqual(card.x);
    expect(code.x + code.width, "the name ends inside its card").toBeLessThanOrEqual(card.x + card.width);

    await page.goto(`/dashboard/products?q=${encodeURIComponent("ШИФРА")}`);
    const row = page.getByRole("listitem").filter({ hasText: LONG_CODE });
    const name = await box(row.getByText(LONG_CODE, { exact: true }));
    const price = await box(row.getByText(/^99,00\sден\.$/));
    // The name ends before the price starts: it wraps instead of running over it.
    expect(name.x + name.width).toBeLessThanOrEqual(price.x);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    for (const path of ["/dashboard/categories", "/dashboard/activity", `/${owner.store?.username}/prices`]) {
      await page.goto(path);
      expect(await scrollWidth(page), path).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

test.describe("reachable at every width (§3)", () => {
  test("every dashboard menu entry is on a 390 px screen", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page);
    await page.goto("/dashboard/products");
    const menu = page.getByRole("navigation", { name: "Мени" });
    const entries = menu.getByRole("link");
    await expect(entries).toHaveText([
      "Производи",
      "Категории",
      "Промоции",
      "Активност",
      "Библиотека",
      "Мои слики",
      "Објави",
      "Пријави",
      "Наплата",
      "Поставки",
      "Јавна страница",
      "Ваш сајт",
    ]);
    for (const entry of await entries.all()) {
      const { x, width } = await box(entry);
      const label = (await entry.textContent()) ?? "";
      expect(x, label).toBeGreaterThanOrEqual(0);
      expect(x + width, label).toBeLessThanOrEqual(PHONE.width);
    }
    // The first product is on the first screen, under the day's question and the filters.
    await expect(page.getByRole("listitem").filter({ hasText: "Ајвар" })).toBeInViewport();
  });

  test("the products table at 1366 px shows every column, edit and delete included", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page);
    await page.goto("/dashboard/products");
    const table = page.getByRole("table");
    const scroller = table.locator("xpath=..");
    const { scroll, client } = await scroller.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(scroll, "the table is wider than its box").toBeLessThanOrEqual(client);
    const row = page.getByRole("row").filter({ hasText: "Ајвар" });
    for (const action of [
      row.getByRole("link", { name: "Уреди Ајвар" }),
      row.getByRole("button", { name: "Избриши Ајвар" }),
    ]) {
      const { x, width } = await box(action);
      expect(x + width).toBeLessThanOrEqual(DESKTOP.width);
    }
    // An ordinary name fits on one line (about 20 px of text).
    const name = await box(row.getByRole("link", { name: "Ајвар", exact: true }));
    expect(name.height).toBeLessThan(30);
  });

  test("the filter selects show their whole choice at 390 and 1366 px", async ({ page }) => {
    await signIn(page);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto("/dashboard/products?status=active");
      for (const select of await page.getByRole("search").getByRole("combobox").all()) {
        const fits = await select.evaluate((el) => {
          const s = el as HTMLSelectElement;
          const style = getComputedStyle(s);
          const context = document.createElement("canvas").getContext("2d");
          if (!context) return false;
          context.font = style.font;
          const text = s.options[s.selectedIndex]?.text ?? "";
          // The text plus the arrow (about 20 px) fits in the content box.
          const room =
            s.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
          return (
            context.measureText(text).width + 20 <= room || s.clientWidth >= s.parentElement!.clientWidth - 1
          );
        });
        expect(fits, `${await select.getAttribute("id")} at ${viewport.width} px`).toBe(true);
      }
    }
  });

  test("every category chip on the public page is in view at 1366 px", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/${owner.store?.username}`);
    const chips = page.getByRole("navigation", { name: "Категории" }).getByRole("link");
    await expect(chips).toHaveCount(CATEGORY_COUNT + 1);
    for (const chip of await chips.all()) {
      await expect(chip).toBeInViewport({ ratio: 1 });
    }
  });
});

test.describe("the report dialog (§9)", () => {
  test("dims the page, and after the thanks its one button says Close", async ({ page }) => {
    await page.goto(`/${owner.store?.username}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Пријави проблем со Ајвар" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
    const backdrop = page.getByTestId("report-backdrop");
    await expect(backdrop).toBeVisible();
    expect(await backdrop.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      "rgba(0, 0, 0, 0)",
    );
    await dialog.getByLabel("Цена", { exact: true }).check();
    await dialog.getByRole("button", { name: "Испрати пријава" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Ви благодариме! Продавницата е известена.");
    await expect(dialog.getByRole("link", { name: "Откажи" })).toHaveCount(0);
    await dialog.getByRole("link", { name: "Затвори" }).click();
    await expect(dialog).toBeHidden();
    await expect(backdrop).toBeHidden();
  });
});

test.describe("business hours (§10)", () => {
  test("before the first save the fields are empty, as the public page shows no hours", async ({ page }) => {
    await signIn(page);
    await page.goto(`/${owner.store?.username}`);
    await expect(page.getByTestId("open-status")).toHaveCount(0);
    await page.goto("/dashboard/settings/open-hours");
    await waitForHydration(page);
    await expect(page.getByText(/^Работното време сè уште не е зачувано/)).toBeVisible();
    await expect(page.getByLabel("Понеделник од")).toHaveValue("");
    await expect(page.getByLabel("Недела до")).toHaveValue("");
    // A closed day's times are greyed out.
    const open = page.getByLabel("Сабота од");
    await page.getByRole("group", { name: "Недела" }).getByLabel("Затворено").check();
    const closed = page.getByLabel("Недела од");
    await expect(closed).toBeDisabled();
    const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(closed)).not.toBe(await background(open));
  });
});

test.describe("public filters (§11)", () => {
  test("a changed sort or 'only discounted' applies at once", async ({ page }) => {
    await page.goto(`/${owner.store?.username}`);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Прикажи", exact: true })).toHaveCount(0);
    await page.getByLabel("Подреди").selectOption("price_desc");
    await expect(page).toHaveURL(/\?sort=price_desc$/);
    await expect(page.locator("li[data-product-id]").first()).toContainText("Ајвар");
    await page.getByLabel("Само со попуст").check();
    await expect(page).toHaveURL(/\?sort=price_desc&discounted=1$/);
    await expect(page.getByText("1 производ", { exact: true })).toBeVisible();
  });

  test("without JavaScript the form still applies with Show", async ({ newVisitor }) => {
    const page = await newVisitor({ javaScriptEnabled: false });
    await page.goto(`/${owner.store?.username}`);
    await page.getByLabel("Само со попуст").check();
    await page.getByRole("button", { name: "Прикажи", exact: true }).click();
    await expect(page).toHaveURL(/[?&]discounted=1$/);
    await expect(page.getByText("1 производ", { exact: true })).toBeVisible();
  });
});

test.describe("small texts (§12)", () => {
  test("the search placeholders fit a 390 px screen in every language", async ({ newVisitor }) => {
    for (const lang of ["mk", "en", "sq"] as const) {
      const page = await newVisitor({ lang, account: owner });
      await page.setViewportSize(PHONE);
      const fields: [string, string][] = [
        [`/${owner.store?.username}`, "store-search"],
        ["/dashboard/products", "q"],
      ];
      for (const [path, id] of fields) {
        await page.goto(path);
        const fits = await page.locator(`#${id}`).evaluate((el) => {
          const input = el as HTMLInputElement;
          const style = getComputedStyle(input);
          const context = document.createElement("canvas").getContext("2d");
          if (!context) return false;
          context.font = style.font;
          const room =
            input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
          return context.measureText(input.placeholder).width <= room;
        });
        expect(fits, `${lang} ${path}`).toBe(true);
      }
    }
  });

  test("an unconfirmed list has no check mark, and the mk footer says Витрина", async ({ page }) => {
    await page.goto(`/${owner.store?.username}`);
    const stamp = page.getByTestId("price-stamp");
    await expect(stamp).toHaveText("Цените сè уште не се потврдени");
    await expect(stamp.locator("svg")).not.toHaveClass(/lucide-badge-check/);
    await expect(page.getByRole("contentinfo").getByRole("link")).toHaveText("Витрина");
  });

  test("store settings call the store's own address its current one, not free", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard/settings/store");
    await waitForHydration(page);
    await expect(page.getByText("Ова е сегашната адреса на вашата продавница")).toBeVisible();
    await page.waitForTimeout(600); // past the live check's 400 ms pause
    await expect(page.getByText("Слободно е", { exact: true })).toHaveCount(0);
  });

  test("the activity log's filters fold on a 390 px screen, and are open at 1366 px", async ({ page }) => {
    await signIn(page);
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard/activity");
    const type = page.getByLabel("Вид на дејство");
    await expect(type).toBeHidden();
    // The search stays at hand, and the newest entry is on the first screen.
    await expect(page.getByLabel("Производ", { exact: true })).toBeVisible();
    await expect(page.getByRole("listitem").first()).toBeInViewport();
    await page.getByText("Филтри", { exact: true }).click();
    await expect(type).toBeVisible();
    // A filter in use keeps them open.
    await page.goto("/dashboard/activity?type=price_updated");
    await expect(type).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await page.goto("/dashboard/activity");
    await expect(type).toBeVisible();
    await expect(page.getByText("Филтри", { exact: true })).toBeHidden();
  });

  test("the activity log shows old and new price on a 390 px screen", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page);
    await page.goto("/dashboard/activity?type=price_updated");
    const entry = page.getByRole("listitem").filter({ hasText: "Бонбони" }).first();
    await entry.scrollIntoViewIfNeeded();
    // Both prices on screen, not in a column scrolled off to the right.
    await expect(entry.getByText(/^50,00\sден\.$/)).toBeInViewport({ ratio: 1 });
    await expect(entry.getByText(/^55,00\sден\.$/)).toBeInViewport({ ratio: 1 });
  });
});

test.describe("keyboard and names (§15)", () => {
  test("the activity table's scroll box takes keyboard focus", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page);
    await page.goto("/dashboard/activity");
    const region = page.getByRole("region", { name: "Активност" });
    await region.focus();
    await expect(region).toBeFocused();
  });

  test("a category's product link is named by what it shows", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard/categories");
    await expect(
      page.getByRole("link", { name: `1 производ во ${LONG_CATEGORY}`, exact: true }),
    ).toBeVisible();
  });
});
