import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The one route table. Static paths win over the store page "/:username".
export default [
  layout("routes/landing/layout.tsx", [
    index("routes/landing/home.tsx"),
    route("terms", "routes/landing/terms.tsx"),
    route("privacy", "routes/landing/privacy.tsx"),
    // Checks a downloaded day's price list against its seal (decision 0132).
    route("verify", "routes/landing/verify.tsx"),
  ]),

  layout("routes/auth/layout.tsx", [
    route("auth/login", "routes/auth/login.tsx"),
    route("auth/register", "routes/auth/register.tsx"),
    route("auth/login-simple-password", "routes/auth/login-simple-password.tsx"),
    route("auth/verify-otp", "routes/auth/verify-otp.tsx"),
    route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
    route("auth/reset-password", "routes/auth/reset-password.tsx"),
  ]),
  route("auth/logout", "routes/auth/logout.tsx"),

  route("onboarding", "routes/onboarding/onboarding.tsx"),

  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("products", "routes/dashboard/products.tsx"),
    route("products/new", "routes/dashboard/product-new.tsx"),
    route("products/import", "routes/dashboard/import.tsx"),
    // The needs-attention grid (decision 0127).
    route("products/attention", "routes/dashboard/products-attention.tsx"),
    route("products/import/:importId", "routes/dashboard/import-job.tsx"),
    route("products/:productId", "routes/dashboard/product-edit.tsx"),
    // A product's own price, availability and presence at each point of sale.
    route("products/:productId/points-of-sale", "routes/dashboard/product-points-of-sale.tsx"),
    route("products/import/:importId/images", "routes/dashboard/product-import-images.tsx"),
    route("categories", "routes/dashboard/categories.tsx"),
    route("promotions", "routes/dashboard/promotions.tsx"),
    route("promotions/add", "routes/dashboard/promotion-add.tsx"),
    route("promotions/prior-prices", "routes/dashboard/promotion-prior-prices.ts"),
    route("promotions/:promotionId", "routes/dashboard/promotion-edit.tsx"),
    // The points of sale a promotion runs at (decision 0069).
    route("promotions/:promotionId/points-of-sale", "routes/dashboard/promotion-points-of-sale.tsx"),
    route("activity", "routes/dashboard/activity.tsx"),
    route("image-gallery", "routes/dashboard/image-gallery.tsx"),
    // The store's own images (decision 0059), and its posts (decision 0060).
    route("r2-images", "routes/dashboard/r2-images.tsx"),
    route("posts", "routes/dashboard/posts.tsx"),
    route("posts/new", "routes/dashboard/post-new.tsx"),
    route("posts/:postId", "routes/dashboard/post-edit.tsx"),
    route("settings", "routes/dashboard/settings/layout.tsx", [
      index("routes/dashboard/settings/index.tsx"),
      route("store", "routes/dashboard/settings/store.tsx"),
      // The store's points of sale (decision 0068).
      route("points-of-sale", "routes/dashboard/settings/points-of-sale.tsx"),
      route("points-of-sale/new", "routes/dashboard/settings/point-of-sale-new.tsx"),
      route("points-of-sale/:pointOfSaleId", "routes/dashboard/settings/point-of-sale-edit.tsx"),
      route("open-hours", "routes/dashboard/settings/open-hours.tsx"),
      route("billing", "routes/dashboard/settings/billing.tsx"),
      // The store's API tokens (decision 0071), and the reference of /api/v1.
      route("api", "routes/dashboard/settings/api.tsx"),
      route("api/reference", "routes/dashboard/settings/api-reference.tsx"),
      // Reminders on the owner's devices (decision 0131).
      route("notifications", "routes/dashboard/settings/notifications.tsx"),
    ]),
    route("reports", "routes/dashboard/reports.tsx"),
    route("confirmation", "routes/dashboard/confirmation.ts"),
    route("payment", "routes/dashboard/payment.tsx"),
    route("payment/change", "routes/dashboard/payment-change.tsx"),
  ]),

  // The admin area (decision 0044); requireAdmin answers 404 to everyone else.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("stores", "routes/admin/stores.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("transactions", "routes/admin/transactions.tsx"),
    route("waitlist", "routes/admin/waitlist.tsx"),
    // The shared image library: remove an entry (decision 0078).
    route("library", "routes/admin/library.tsx"),
    route("audit-logs", "routes/admin/audit-logs.tsx"),
  ]),
  route("admin/waitlist/export", "routes/admin/waitlist-export.ts"),
  route("admin/transactions/:paymentId/invoice", "routes/admin/transaction-invoice.ts"),

  // A resource route (no layout): the activity CSV.
  route("dashboard/activity/export", "routes/dashboard/activity-export.ts"),
  route("dashboard/products/import/:importId/skipped.csv", "routes/dashboard/import-skipped.ts"),
  // The products as CSV or .xlsx, the columns the import reads (decision 0037).
  route("dashboard/products/export", "routes/dashboard/products-export.ts"),
  // The needs-attention .xlsx (decision 0127).
  route("dashboard/products/attention/export", "routes/dashboard/products-attention-export.ts"),
  // The pro-forma invoice of one of the owner's payments (decision 0041).
  route("dashboard/payment/invoice/:paymentId", "routes/dashboard/payment-invoice.ts"),

  route("api/locale", "routes/api/locale.ts"),
  route("api/_auth/session", "routes/api/session.ts"),
  route("api/username-availability", "routes/api/username-availability.ts"),
  route("api/address-suggestions", "routes/api/address-suggestions.ts"),
  route("api/images", "routes/api/image-upload.ts"),
  // CaSys cPay's answer after a card payment (only when CPAY_* is set).
  route("api/billing/cpay/:result", "routes/api/billing-cpay.ts"),
  // The admin's impersonation calls; the optional id lets a missing one answer 'User ID is required'.
  route("api/admin/users/stop-impersonation", "routes/api/admin-stop-impersonation.ts"),
  route("api/admin/users/:userId?/impersonate", "routes/api/admin-impersonate.ts"),

  route("sitemap.xml", "routes/feeds/sitemap.ts"),
  route("robots.txt", "routes/feeds/robots.ts"),
  route(".well-known/vitrina-seal-keys.json", "routes/feeds/seal-keys.ts"),
  route(":username/prices.csv", "routes/feeds/prices-csv.ts"),
  route(":username/prices.json", "routes/feeds/prices-json.ts"),
  route(":username/prices.xlsx", "routes/feeds/prices-xlsx.ts"),
  route(":username/prices/:file", "routes/feeds/prices-archive.ts"),
  // A sealed past day for people: the list, its confirmation and its seal (decision 0140).
  route(":username/prices/day/:day", "routes/feeds/sealed-day.tsx", { id: "sealed-day" }),
  route(":username/prices", "routes/feeds/prices-page.tsx"),
  // Every published post of a store (decision 0060).
  route(":username/posts", "routes/store/store-posts.tsx"),
  route(":username/price-list.pdf", "routes/feeds/price-list-pdf.ts"),
  // Each point of sale's list and files (decision 0068); its slug is never one of the paths above.
  route(":username/:pointOfSale/prices.csv", "routes/feeds/point-of-sale-prices-csv.ts"),
  route(":username/:pointOfSale/prices.json", "routes/feeds/point-of-sale-prices-json.ts"),
  route(":username/:pointOfSale/prices.xlsx", "routes/feeds/point-of-sale-prices-xlsx.ts"),
  route(":username/:pointOfSale/prices/:file", "routes/feeds/point-of-sale-prices-archive.ts"),
  route(":username/:pointOfSale/prices/day/:day", "routes/feeds/sealed-day.tsx", {
    id: "point-of-sale-sealed-day",
  }),
  route(":username/:pointOfSale/price-list.pdf", "routes/feeds/point-of-sale-price-list-pdf.ts"),
  // The price list for a frame on the store's own website, the store's and each point of sale's (decision 0136).
  route(":username/embed", "routes/store/store-embed.tsx"),
  route(":username/:pointOfSale/embed", "routes/store/point-of-sale-embed.tsx"),
  route(":username/:pointOfSale", "routes/store/point-of-sale-page.tsx"),
  route(":username", "routes/store/store-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
