// The landing page's structure (decision 0050). The texts live in
// app/locales/{mk,en,sq}/landing.json under these keys; the prices come from billing/plans.ts.

/** The page's sections in order; each id is the anchor the navigation points at. */
export const SECTION_IDS = {
  home: "top",
  why: "why",
  how: "how",
  features: "features",
  pricing: "pricing",
  faq: "faq",
  compliance: "compliance",
  video: "video",
  waitlist: "partners",
} as const;

export type NavItem = { key: string; href: string; kind: "section" | "page" };

/** The menu: home, why, how it works, pricing, FAQ, login, create website, see demo store, watch video. */
export const SECTION_NAV: readonly NavItem[] = [
  { key: "home", href: `#${SECTION_IDS.home}`, kind: "section" },
  { key: "why", href: `#${SECTION_IDS.why}`, kind: "section" },
  { key: "how", href: `#${SECTION_IDS.how}`, kind: "section" },
  { key: "pricing", href: `#${SECTION_IDS.pricing}`, kind: "section" },
  { key: "faq", href: `#${SECTION_IDS.faq}`, kind: "section" },
  { key: "watchVideo", href: `#${SECTION_IDS.video}`, kind: "section" },
];

export const PAGE_NAV: readonly NavItem[] = [
  { key: "seeDemo", href: "/demo", kind: "page" },
  { key: "login", href: "/auth/login", kind: "page" },
  { key: "createWebsite", href: "/auth/register", kind: "page" },
];

export const INSPECTOR_CHECKS = ["public", "complete", "unit", "promotions", "daily"] as const;

export const HOW_STEPS = ["signup", "products", "confirm"] as const;

export const FEATURES = [
  "publicPage",
  "daily",
  "reports",
  "files",
  "promotions",
  "images",
  "mobile",
  "languages",
] as const;

/** At least eight real questions; every answer is true of what Vitrina does today. */
export const FAQ_ITEMS = [
  "who",
  "weekends",
  "missed",
  "domain",
  "embed",
  "pos",
  "cancel",
  "export",
  "albanian",
  "time",
] as const;

/** The Rulebook's fields (PRODUCT.md "The law, as a checklist"), each with where Vitrina shows it. */
export const COMPLIANCE_ROWS = [
  "section",
  "name",
  "price",
  "unitPrice",
  "description",
  "availability",
  "regular",
  "reduction",
  "duration",
  "daily",
] as const;

/** The demo store (app/features/demo) and its price-list files, linked from the footer. */
export const DEMO_LINKS = {
  store: "/demo",
  files: "/demo/prices",
  pdf: "/demo/price-list.pdf",
} as const;
