import { randomUUID } from "node:crypto";
import { LANGS } from "../support/e2e-env";
import { expect, test } from "../support/e2e-fixtures";
import { TEXTS } from "../support/e2e-texts";

// An unknown store or route answers 404 with "Page Not Found: {path}", translated.

for (const lang of LANGS) {
  test.describe(`in ${lang}`, () => {
    test.use({ lang });

    test("an unknown store → 404 page", async ({ page, consoleGuard }) => {
      consoleGuard.allowNotFound("/no-such-store");
      const response = await page.goto("/no-such-store");
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        TEXTS[lang].notFound("/no-such-store"),
      );
    });
  });
}

test.describe("signed in", () => {
  test.use({ signedInAs: "owner", lang: "en" });

  test("an unknown dashboard page → 404 page", async ({ page, consoleGuard }) => {
    consoleGuard.allowNotFound("/dashboard/nope");
    const response = await page.goto("/dashboard/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found: /dashboard/nope");
  });

  test("a product that does not exist → 404 page", async ({ page, consoleGuard }) => {
    for (const id of [randomUUID(), "not-a-uuid"]) {
      await test.step(id, async () => {
        consoleGuard.allowNotFound(`/dashboard/products/${id}`);
        const response = await page.goto(`/dashboard/products/${id}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          `Page Not Found: /dashboard/products/${id}`,
        );
      });
    }
  });
});
