import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The one route table (spec §2). Static paths win over the store page "/:username".
export default [
  layout("routes/landing/layout.tsx", [index("routes/landing/home.tsx")]),

  layout("routes/auth/layout.tsx", [
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/register", "routes/auth/register.tsx"),
  ]),
  route("auth/logout", "routes/auth/logout.tsx"),

  route("onboarding", "routes/onboarding/onboarding.tsx"),

  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("products", "routes/dashboard/products.tsx"),
    route("products/new", "routes/dashboard/product-new.tsx"),
    route("products/:productId", "routes/dashboard/product-edit.tsx"),
    route("reports", "routes/dashboard/reports.tsx"),
    route("confirmation", "routes/dashboard/confirmation.ts"),
  ]),

  route("api/locale", "routes/api/locale.ts"),
  route("api/_auth/session", "routes/api/session.ts"),
  route("api/username-availability", "routes/api/username-availability.ts"),

  route("sitemap.xml", "routes/feeds/sitemap.ts"),
  route("robots.txt", "routes/feeds/robots.ts"),
  route(":username/prices.csv", "routes/feeds/prices-csv.ts"),
  route(":username/prices.json", "routes/feeds/prices-json.ts"),
  route(":username/prices/:file", "routes/feeds/prices-archive.ts"),
  route(":username/prices", "routes/feeds/prices-page.tsx"),
  route(":username/price-list.pdf", "routes/feeds/price-list-pdf.ts"),
  route(":username", "routes/store/store-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
