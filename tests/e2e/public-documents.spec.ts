import type { Page } from "@playwright/test";
import { LANGS, type Lang } from "../support/e2e-env";
import { expect, test } from "../support/e2e-fixtures";
import { VIEWPORTS } from "../support/viewports";

// Decisions 0128, 0144, 0147: a visitor's public pages are published documents. Each of them, in
// every language, at a phone's and a laptop's width, with JavaScript and without: the page is in
// its language, its heading shows, nothing is wider than the screen, and no framework is loaded.

const STORE = "Маркет Демо";

const PAGES: { path: string; heading: Record<Lang, string> }[] = [
  { path: "/demo", heading: { mk: STORE, en: STORE, sq: STORE } },
  { path: "/demo/tetovo", heading: { mk: STORE, en: STORE, sq: STORE } },
  {
    path: "/demo/posts",
    heading: { mk: `Објави — ${STORE}`, en: `Posts — ${STORE}`, sq: `Postimet — ${STORE}` },
  },
  {
    path: "/demo/prices",
    heading: {
      mk: `${STORE}: ценовник во датотеки`,
      en: `${STORE}: price list files`,
      sq: `${STORE}: lista e çmimeve në skedarë`,
    },
  },
];

async function expectPublishedDocument(page: Page, path: string, lang: Lang, heading: string) {
  const answer = await page.goto(path);
  expect(answer?.status(), path).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.getByRole("heading", { level: 1 }).first()).toContainText(heading);
  const frameworkScripts = await page.locator('script[src*="/assets/"]').count();
  expect(frameworkScripts, `${path}: script files`).toBe(0);
  expect(await page.evaluate(() => "__reactRouterContext" in window), `${path}: hydration data`).toBe(false);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(
    overflow,
    `${path} at ${page.viewportSize()?.width} px in ${lang}: wider than the screen`,
  ).toBeLessThanOrEqual(0);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  for (const { path, heading } of PAGES) {
    test(`${path} is a published document in mk, en and sq at 390 and 1366 px, ${mode}`, async ({
      newVisitor,
    }) => {
      for (const lang of LANGS) {
        const page = await newVisitor({ lang, javaScriptEnabled });
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await expectPublishedDocument(page, path, lang, heading[lang]);
        }
        await page.close();
      }
    });
  }
}

test("without JavaScript a visitor switches the store page's language, opens the week's hours and searches", async ({
  newVisitor,
}) => {
  const page = await newVisitor({ javaScriptEnabled: false });
  await page.goto("/demo");
  await page.getByRole("button", { name: "Shqip", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "sq");
  const info = page.getByRole("region", { name: "Për dyqanin" });
  await info.getByText("Shfaq të gjitha ditët").click();
  await expect(info.getByRole("term")).toHaveCount(7);
  const search = page.getByRole("search").getByRole("searchbox");
  await search.fill("mleko");
  await page.getByRole("search").getByRole("button", { name: "Kërko", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=mleko(&|$)/);
  await expect(page.locator("html")).toHaveAttribute("lang", "sq");
  await expect(page.getByRole("search").getByRole("searchbox")).toHaveValue("mleko");
});
