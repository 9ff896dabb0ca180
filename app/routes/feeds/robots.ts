import { domainOrigin } from "~/features/domains/domain-directory.server";
import { buildRobots, buildStoreRobots } from "~/features/feeds/sitemap.server";
import { getConfig } from "~/lib/config.server";
import { customDomainContext } from "~/lib/request-context";
import type { Route } from "./+types/robots";

/** /robots.txt: public pages and price lists open to crawlers; the application is not. */
export function loader({ context }: Route.LoaderArgs) {
  const { baseUrl } = getConfig();
  const custom = context.get(customDomainContext);
  const text = custom ? buildStoreRobots(domainOrigin(custom.domain, baseUrl)) : buildRobots(baseUrl);
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
