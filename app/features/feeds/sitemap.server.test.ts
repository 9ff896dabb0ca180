import { describe, expect, it } from "vitest";
import { pointOfSale } from "~/db/schema/points-of-sale";
import { post } from "~/db/schema/posts";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { buildRobots, buildSitemap, buildStoreRobots, buildStoreSitemap } from "./sitemap.server";

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

  it("on a store's own domain: that store's pages at the domain's addresses, never another store's", async () => {
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    await database.db.insert(pointOfSale).values([
      { storeId: a.storeId, slug: "centar", name: "Центар" },
      {
        storeId: a.storeId,
        slug: "zatvoreno",
        name: "Затворено",
        closedAt: new Date("2026-01-01T00:00:00Z"),
      },
      { storeId: b.storeId, slug: "aerodrom", name: "Аеродром" },
    ]);
    await database.db.insert(post).values([
      { storeId: a.storeId, title: "Објава", publishOn: "2026-01-01", published: true },
      { storeId: b.storeId, title: "Објава", publishOn: "2026-01-01", published: true },
    ]);
    const now = new Date("2026-11-27T10:00:00Z");
    const xml = await buildStoreSitemap(database.forPublic(), a.storeId, "https://ceni.a.mk", now);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      "https://ceni.a.mk/",
      "https://ceni.a.mk/prices",
      // The point of sale every store starts with, then the one added; the closed one is not listed.
      "https://ceni.a.mk/main",
      "https://ceni.a.mk/centar",
      "https://ceni.a.mk/posts",
    ]);
    expect(xml).not.toContain(b.username);
    expect(xml).not.toContain("aerodrom");
    expect(xml).not.toContain("vitrina");
    // B's domain lists B's point of sale, not A's.
    const ofB = await buildStoreSitemap(database.forPublic(), b.storeId, "https://b.mk", now);
    expect(ofB).toContain("<loc>https://b.mk/aerodrom</loc>");
    expect(ofB).not.toContain("centar");
    // A store the public may not see (unpaid) lists nothing.
    const unpaid = await createTestStore(database, { active: false });
    expect(await buildStoreSitemap(database.forPublic(), unpaid.storeId, "https://c.mk", now)).not.toContain(
      "<url>",
    );
  });

  it("on a store's own domain: robots.txt names that domain's sitemap", () => {
    expect(buildStoreRobots("https://ceni.a.mk").split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Sitemap: https://ceni.a.mk/sitemap.xml",
      "",
    ]);
  });
});
