import type { Locator, Page } from "@playwright/test";
import { LANGS } from "../support/e2e-env";
import { expect, test, uniqueEmail, uniqueId } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// Mistakes are reported under the field they concern (the control is
// marked invalid and described by the message), in the page's language, before and after the
// round trip: the browser checks first, and the server checks again when JavaScript is off.

async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

async function expectNoFieldError(field: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

async function fillRegister(
  page: Page,
  lang: keyof typeof TEXTS,
  email: string,
  password: string,
  confirm: string,
) {
  const t = TEXTS[lang].register;
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByLabel(t.confirm, { exact: true }).fill(confirm);
  await page.getByRole("button", { name: t.submit }).click();
}

for (const lang of LANGS) {
  const t = TEXTS[lang];

  test.describe(`in ${lang}`, () => {
    test.use({ lang });

    test("registration: invalid e-mail, short password, mismatched confirmation", async ({ page }) => {
      await page.goto("/auth/register");
      await waitForHydration(page);
      const email = page.getByLabel(t.register.email, { exact: true });
      const password = page.getByLabel(t.register.password, { exact: true });
      const confirm = page.getByLabel(t.register.confirm, { exact: true });

      await fillRegister(page, lang, "not-an-email", "short", "short");
      await expectFieldError(email, t.validation.emailInvalid);
      await expectFieldError(password, t.validation.passwordTooShort);
      await expectNoFieldError(confirm);

      await fillRegister(page, lang, uniqueEmail("mismatch"), "long enough 1", "long enough 2");
      await expectFieldError(confirm, t.validation.passwordMismatch);
      await expectNoFieldError(email);
      await expectNoFieldError(password);
      await expect(page).toHaveURL(/\/auth\/register$/);
    });

    test.describe("onboarding", () => {
      test.use({ signedInAs: "newcomer" });

      test("an invalid phone number", async ({ page }) => {
        await page.goto("/onboarding");
        await waitForHydration(page);
        // The worker's newcomer may have passed step 1 in an earlier test: onboarding resumes there.
        const storeName = page.getByLabel(t.onboarding.storeName, { exact: true });
        if (await storeName.isVisible()) {
          await storeName.fill(`Phone Check ${uniqueId()}`);
          await expect(page.getByText(t.onboarding.available, { exact: true })).toBeVisible();
          await page.getByRole("button", { name: t.onboarding.next }).click();
        }
        await expect(page).toHaveURL(/\/onboarding(\?step=2)?$/);
        await page.getByLabel(t.onboarding.phone, { exact: true }).fill("123");
        await page.getByRole("button", { name: t.onboarding.next }).click();
        await expectFieldError(
          page.getByLabel(t.onboarding.phone, { exact: true }),
          t.validation.phoneInvalid,
        );
        await expect(page).toHaveURL(/\/onboarding(\?step=2)?$/);
      });
    });

    test.describe("products", () => {
      test.use({ signedInAs: "owner" });

      test("an empty name and a negative price", async ({ page }) => {
        await page.goto("/dashboard/products/new");
        await waitForHydration(page);
        await page.getByLabel(t.products.price, { exact: true }).fill("-5");
        await page.getByRole("button", { name: t.products.create }).click();
        await expectFieldError(page.getByLabel(t.products.name, { exact: true }), t.validation.required);
        await expectFieldError(page.getByLabel(t.products.price, { exact: true }), t.validation.notNegative);
        await expect(page).toHaveURL(/\/dashboard\/products\/new$/);
      });
    });
  });
}

test.describe("the server checks again (JavaScript off)", () => {
  const t = TEXTS.en;

  // The server answers a rejected form with 400, which Chromium logs.
  test("registration", async ({ newVisitor, consoleGuard }) => {
    consoleGuard.allowHttpError("/auth/register", 400);
    const page = await newVisitor({ lang: "en", javaScriptEnabled: false });
    await page.goto("/auth/register");
    await fillRegister(page, "en", uniqueEmail("nojs"), "long enough 1", "long enough 2");
    await expectFieldError(
      page.getByLabel(t.register.confirm, { exact: true }),
      t.validation.passwordMismatch,
    );
    await fillRegister(page, "en", "nobody@example", "short", "short");
    await expectFieldError(page.getByLabel(t.register.email, { exact: true }), t.validation.emailInvalid);
    await expectFieldError(
      page.getByLabel(t.register.password, { exact: true }),
      t.validation.passwordTooShort,
    );
  });

  test("onboarding", async ({ newVisitor, accounts, consoleGuard }) => {
    consoleGuard.allowHttpError("/onboarding", 400);
    const page = await newVisitor({
      lang: "en",
      javaScriptEnabled: false,
      account: await accounts.get("newcomer"),
    });
    await page.goto("/onboarding");
    const storeName = page.getByLabel(t.onboarding.storeName, { exact: true });
    if (await storeName.isVisible()) {
      const id = uniqueId();
      await storeName.fill(`No Script ${id}`);
      await page.getByLabel(t.onboarding.username, { exact: true }).fill(`no-script-${id}`);
      await page.getByRole("button", { name: t.onboarding.next }).click();
    }
    await page.getByLabel(t.onboarding.phone, { exact: true }).fill("123");
    await page.getByRole("button", { name: t.onboarding.next }).click();
    await expectFieldError(page.getByLabel(t.onboarding.phone, { exact: true }), t.validation.phoneInvalid);
    await expect(page).toHaveURL(/\/onboarding(\?step=2)?$/);
  });

  test("products", async ({ newVisitor, accounts, consoleGuard }) => {
    consoleGuard.allowHttpError("/dashboard/products/new", 400);
    const page = await newVisitor({
      lang: "en",
      javaScriptEnabled: false,
      account: await accounts.get("owner"),
    });
    await page.goto("/dashboard/products/new");
    await page.getByLabel(t.products.price, { exact: true }).fill("-5");
    await page.getByRole("button", { name: t.products.create }).click();
    await expectFieldError(page.getByLabel(t.products.name, { exact: true }), t.validation.required);
    await expectFieldError(page.getByLabel(t.products.price, { exact: true }), t.validation.notNegative);
    // What was typed is kept.
    await expect(page.getByLabel(t.products.price, { exact: true })).toHaveValue("-5");
  });
});
