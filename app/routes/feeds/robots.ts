import { buildRobots } from "~/features/feeds/sitemap.server";
import { getConfig } from "~/lib/config.server";

/** /robots.txt: public pages and price lists open to crawlers; the application is not. */
export function loader() {
  return new Response(buildRobots(getConfig().baseUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
