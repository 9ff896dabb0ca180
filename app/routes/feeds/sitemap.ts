import { getPublicDb } from "~/db/db.server";
import { buildSitemap } from "~/features/feeds/sitemap.server";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";

/** /sitemap.xml: the landing page and every active store's price list. */
export async function loader() {
  return new Response(await buildSitemap(getPublicDb(), getConfig().baseUrl, getClock().now()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
