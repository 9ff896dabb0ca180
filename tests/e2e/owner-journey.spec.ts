import { randomInt } from "node:crypto";
import { E2E_BASE_URL, type Lang } from "../support/e2e-env";
import { expect, test, uniqueEmail, uniqueId } from "../support/e2e-fixtures";
import { addProduct, onboard, signUp, waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// Register → onboard → add a product → see it on /{username} from a signed-out
// browser, in each language. mk is the default; en and sq are chosen with the language switcher.

const CASES: Record<
  Lang,
  {
    storeName: (n: number) => string;
    username: (n: number) => string;
    product: string;
    /** Typed as people in that language type it: a decimal comma in mk and sq. */
    price: string;
  }
> = {
  // Cyrillic is transliterated officially: ж → zh, ѓ → gj.
  mk: {
    storeName: (n) => `Маркет Тест Жито Ѓорче ${n}`,
    username: (n) => `market-test-zhito-gjorche-${n}`,
    product: "Млеко свежо 1 л",
    price: "129,90",
  },
  en: {
    storeName: (n) => `Corner Shop ${n}`,
    username: (n) => `corner-shop-${n}`,
    product: "Fresh milk 1 l",
    price: "129.90",
  },
  // Albanian letters lose their diacritics: ç → c, ë → e.
  sq: {
    storeName: (n) => `Dyqani Çelësi ${n}`,
    username: (n) => `dyqani-celesi-${n}`,
    product: "Qumësht i freskët 1 l",
    price: "129,90",
  },
};

for (const lang of ["mk", "en", "sq"] as const) {
  test(`${lang}: a new owner signs up, sets up a store, adds a product, and a visitor sees it`, async ({
    page,
    context,
    newVisitor,
  }) => {
    const t = TEXTS[lang];
    const c = CASES[lang];
    const n = randomInt(100_000, 999_999);
    const productName = `${c.product} ${uniqueId()}`;

    await page.goto("/auth/register");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "mk");
    if (lang !== "mk") {
      await page.getByRole("button", { name: t.languageName, exact: true }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page).toHaveURL(/\/auth\/register$/);
      expect(await page.evaluate(() => window.localStorage.getItem("lang"))).toBe(lang);
      const cookie = (await context.cookies(E2E_BASE_URL)).find((item) => item.name === "lang");
      expect(cookie?.value).toBe(lang);
      // Kept for a year.
      const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThan(366.1);
    }

    await signUp(page, t, { email: uniqueEmail(lang), password: "correct horse battery" });
    const username = await onboard(page, t, {
      name: c.storeName(n),
      expectedUsername: c.username(n),
      companyName: lang === "mk" ? "Тест ДООЕЛ Скопје" : "Test DOOEL",
    });

    await expect(page.getByRole("heading", { level: 1, name: t.products.heading })).toBeVisible();
    await expect(page.getByText(t.products.emptyTitle, { exact: true })).toBeVisible();

    await addProduct(page, t, { name: productName, price: c.price });
    await expect(page.getByText(t.products.saved, { exact: true })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: productName });
    await expect(row.getByRole("cell").filter({ hasText: t.price12990 })).toHaveCount(1);

    // Someone else, never signed in, reading the public price list in the same language.
    const visitor = await newVisitor(lang === "mk" ? {} : { lang });
    const response = await visitor.goto(`/${username}`);
    expect(response?.status()).toBe(200);
    await expect(visitor.locator("html")).toHaveAttribute("lang", lang);
    await expect(visitor.getByRole("heading", { level: 1, name: c.storeName(n) })).toBeVisible();
    const card = visitor.getByRole("listitem").filter({
      has: visitor.getByRole("heading", { name: productName, exact: true }),
    });
    await expect(card).toHaveCount(1);
    await expect(card.getByText(t.price12990)).toBeVisible();
    await expect(card.getByText(t.perPiece, { exact: true })).toBeVisible();

    // Signing out (a POST from the log-out page's button) ends the session: the dashboard asks
    // for a login again.
    await page.goto("/auth/logout");
    await page.getByRole("button", { name: t.dashboard.logout }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    await page.goto("/dashboard/products");
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
}
