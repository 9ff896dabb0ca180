import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../support/e2e-fixtures";

// Issue 17, the app shell (spec §4, §7, §9).

/** The build id the server answers (react-router.config.ts writes it; server/build-id.ts reads it). */
const BUILD_FILE = path.resolve("build/client/builds/latest.json");

test.describe("new build detection", () => {
  test.use({ signedInAs: "owner", lang: "en" });

  test("an open dashboard offers a reload once the server runs another build", async ({ page }) => {
    const deployed = readFileSync(BUILD_FILE, "utf8");
    const asks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/builds/latest.json")) asks.push(request.url());
    });
    try {
      // The page's timers run on a clock the test can move: the five-minute poll comes at once.
      await page.clock.install();
      await page.goto("/dashboard/products");
      const banner = page.getByRole("status").filter({ hasText: "A new version is available" });
      // The same build: coming back to the tab asks, and nothing is offered.
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect.poll(() => asks.length).toBe(1);
      await page.waitForLoadState("networkidle");
      await expect(banner).toBeHidden();

      // A deploy writes another build while the page stays open.
      writeFileSync(BUILD_FILE, `${JSON.stringify({ id: "e2e-next-build" })}\n`);
      await page.clock.fastForward("05:01");
      await expect(banner).toBeVisible();
      // Every ask is a new address: no cache on the way can answer it.
      expect(asks.every((url) => /\/builds\/latest\.json\?t=\d+$/.test(url))).toBe(true);
      const answer = await page.request.get(`/builds/latest.json?t=${Date.now()}`);
      expect(answer.headers()["cache-control"]).toBe("no-store");

      // Reload loads the page again (here the same build is still running, so it is offered again
      // on the next ask; after a real deploy the new page's build is the latest).
      const reloaded = page.waitForEvent("framenavigated");
      await banner.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    } finally {
      writeFileSync(BUILD_FILE, deployed);
    }
  });
});
