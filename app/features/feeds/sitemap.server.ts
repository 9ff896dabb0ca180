import { and, asc, eq, lte, max } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { post } from "~/db/schema/posts";
import { store } from "~/db/schema/stores";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { selectPointsOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { publicStoreCondition } from "~/features/stores/public-store.server";
import { skopjeDay } from "~/lib/calendar";

// For search engines: /sitemap.xml lists the landing page and every public store's page (an
// inactive store shows a notice, not prices, and one in onboarding is not public: neither is offered); /robots.txt opens
// the public pages and files and closes the application. On a store's own domain both are that
// store's alone: its pages at the domain's addresses, and a robots.txt that names that sitemap.

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!,
  );

/** The sitemap protocol's limit of URLs per file. */
const SITEMAP_MAX_URLS = 50_000;

export async function buildSitemap(db: Queryable, baseUrl: string, now = new Date()): Promise<string> {
  const rows = await db
    .select({ username: store.username, versionChangedAt: store.versionChangedAt })
    .from(store)
    .where(publicStoreCondition())
    .orderBy(asc(store.username))
    .limit(SITEMAP_MAX_URLS - 1);
  // A public store's posts page (decision 0060), once it has a published post that is due.
  const posts = await db
    .select({ username: store.username, newest: max(post.publishOn) })
    .from(post)
    .innerJoin(store, eq(store.id, post.storeId))
    .where(and(publicStoreCondition(), eq(post.published, true), lte(post.publishOn, skopjeDay(now))))
    .groupBy(store.username)
    .orderBy(asc(store.username))
    .limit(Math.max(0, SITEMAP_MAX_URLS - 1 - rows.length));
  const urls = [
    `<url><loc>${escapeXml(`${baseUrl}/`)}</loc></url>`,
    ...rows.map(
      (row) =>
        `<url><loc>${escapeXml(storeAddress(row.username, baseUrl))}</loc><lastmod>${row.versionChangedAt.toISOString().slice(0, 10)}</lastmod><changefreq>daily</changefreq></url>`,
    ),
    ...posts.map(
      (row) =>
        `<url><loc>${escapeXml(`${storeAddress(row.username, baseUrl)}/posts`)}</loc><lastmod>${row.newest}</lastmod><changefreq>weekly</changefreq></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * /sitemap.xml on a store's own domain (`origin` is `https://{domain}`): the store's page, its files
 * page, each open point of sale and, once one is due, its posts. Nothing of another store or of the
 * platform; a store the public may not see has an empty list.
 */
export async function buildStoreSitemap(
  db: Queryable,
  storeId: string,
  origin: string,
  now = new Date(),
): Promise<string> {
  const [row] = await db
    .select({ versionChangedAt: store.versionChangedAt })
    .from(store)
    .where(and(eq(store.id, storeId), publicStoreCondition()));
  const urls: string[] = [];
  if (row) {
    const lastmod = row.versionChangedAt.toISOString().slice(0, 10);
    const daily = (path: string) =>
      `<url><loc>${escapeXml(`${origin}${path}`)}</loc><lastmod>${lastmod}</lastmod><changefreq>daily</changefreq></url>`;
    urls.push(daily("/"), daily("/prices"));
    for (const point of await selectPointsOfSale(db, storeId)) urls.push(daily(`/${point.slug}`));
    const [posts] = await db
      .select({ newest: max(post.publishOn) })
      .from(post)
      .where(and(eq(post.storeId, storeId), eq(post.published, true), lte(post.publishOn, skopjeDay(now))));
    if (posts?.newest)
      urls.push(
        `<url><loc>${escapeXml(`${origin}/posts`)}</loc><lastmod>${posts.newest}</lastmod><changefreq>weekly</changefreq></url>`,
      );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}${urls.length > 0 ? "\n" : ""}</urlset>\n`;
}

/** /robots.txt on a store's own domain: everything there is the store's public list. */
export function buildStoreRobots(origin: string): string {
  return ["User-agent: *", "Allow: /", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

export function buildRobots(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /onboarding",
    "Disallow: /api/",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
