import { getConfig } from "~/lib/config.server";

/** /robots.txt: public pages and price lists open to crawlers; the application is not. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /onboarding",
    "Disallow: /api/",
    `Sitemap: ${getConfig().baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
