import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { store } from "~/db/schema/stores";
import { getConfig } from "~/lib/config.server";

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!,
  );

/** /sitemap.xml: the landing page and every active store's price list. */
export async function loader() {
  const base = getConfig().baseUrl;
  const rows = await getDb()
    .select({ username: store.username, updatedAt: store.updatedAt })
    .from(store)
    .where(eq(store.active, true))
    .orderBy(asc(store.username))
    .limit(50_000);
  const urls = [
    `<url><loc>${escapeXml(`${base}/`)}</loc></url>`,
    ...rows.map(
      (row) =>
        `<url><loc>${escapeXml(`${base}/${row.username}`)}</loc><lastmod>${row.updatedAt.toISOString().slice(0, 10)}</lastmod><changefreq>daily</changefreq></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
