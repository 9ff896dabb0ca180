import { getPublicDb } from "~/db/db.server";
import { domainOrigin } from "~/features/domains/domain-directory.server";
import { buildSitemap, buildStoreSitemap } from "~/features/feeds/sitemap.server";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { customDomainContext } from "~/lib/request-context";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: the landing page and every active store's price list; on a store's own domain, its pages. */
export async function loader({ context }: Route.LoaderArgs) {
  const config = getConfig();
  const custom = context.get(customDomainContext);
  const xml = custom
    ? await buildStoreSitemap(
        getPublicDb(),
        custom.storeId,
        domainOrigin(custom.domain, config.baseUrl),
        getClock().now(),
      )
    : await buildSitemap(getPublicDb(), config.baseUrl, getClock().now());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
