import type { Page } from "@playwright/test";
import { expect, test } from "../support/e2e-fixtures";
import { expectClientNavigation, waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// Decision 0008: a visitor's browser downloads only the public part of its language's catalogue;
// the rest arrives before a client navigation shows a page that needs it, never as keys on screen.

/** The catalogue parts the page downloads, in order ("mk-public", "mk-rest", …). */
function catalogueParts(page: Page): string[] {
  const parts: string[] = [];
  page.on("request", (request) => {
    const part = new URL(request.url()).pathname.match(/^\/assets\/(\w\w-(?:public|rest))-[\w-]+\.js$/)?.[1];
    if (part) parts.push(part);
  });
  return parts;
}

test("the store page loads the public part of its language; the switcher reloads it in another", async ({
  page,
}) => {
  const parts = catalogueParts(page);
  await page.goto("/demo");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Ценовник" })).toBeVisible();
  expect(parts).toEqual(["mk-public"]);

  await page.getByRole("button", { name: "Shqip", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "sq");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Lista e çmimeve" })).toBeVisible();
  expect(parts).toEqual(["mk-public", "sq-public"]);
});

test("from the landing page to the login page on the client, the rest of the catalogue comes first", async ({
  page,
}) => {
  const parts = catalogueParts(page);
  await page.goto("/");
  await waitForHydration(page);
  expect(parts).toEqual(["mk-public"]);
  await expectClientNavigation(page, async () => {
    await page.getByRole("link", { name: TEXTS.mk.landing.login, exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: TEXTS.mk.login.heading })).toBeVisible();
    await expect(page.getByRole("button", { name: TEXTS.mk.login.submit, exact: true })).toBeVisible();
  });
  expect(parts).toEqual(["mk-public", "mk-rest"]);
});
