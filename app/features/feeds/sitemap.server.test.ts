import { describe, expect, it } from "vitest";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { buildRobots, buildSitemap } from "./sitemap.server";

const database = databaseForThisFile();

describe("sitemap and robots", () => {
  it("lists every active store's page and no inactive one", async () => {
    const open = await createTestStore(database);
    const closed = await createTestStore(database, { active: false });
    const xml = await buildSitemap(database.db, "https://vitrina.mk");
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain("<loc>https://vitrina.mk/</loc>");
    expect(xml).toMatch(
      new RegExp(
        `<url><loc>https://vitrina.mk/${open.username}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
      ),
    );
    expect(xml).not.toContain(`/${closed.username}<`);
  });

  it("opens the public pages and files to crawlers, closes the application, and names the sitemap", () => {
    const robots = buildRobots("https://vitrina.mk").split("\n");
    expect(robots).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /dashboard",
        "Disallow: /admin",
        "Disallow: /auth",
        "Disallow: /onboarding",
        "Disallow: /api/",
        "Sitemap: https://vitrina.mk/sitemap.xml",
      ]),
    );
  });
});
