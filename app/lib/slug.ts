// Store usernames (PRODUCT.md "Store username"): the store lives at /{username} and at
// {username}.{ROOT_DOMAIN}, so a username must be a safe path segment and a DNS label.
import { cyrillicToLatin, stripDiacritics } from "~/lib/transliterate";

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 40;

// Words a store may not take: our own top-level routes and files, and host names that belong
// to the platform or to mail/DNS conventions once the username becomes a subdomain.
// "demo" is deliberately absent: it is the demo store's username.
// biome-ignore format: grouped by reason, one group a line
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  // app routes and build output
  "admin", "api", "auth", "_auth", "dashboard", "onboarding", "assets", "builds", "build", "static",
  "app", "login", "logout", "register", "signup", "sign-up", "signin", "sign-in", "settings",
  "account", "billing", "checkout", "invite", "verify", "reset-password", "forgot-password",
  "callback", "oauth", "webhook", "webhooks", "search", "new", "edit",
  // public pages and content
  "help", "support", "status", "blog", "docs", "about", "pricing", "terms", "privacy", "legal",
  "contact", "waitlist", "home", "index",
  // files crawlers and browsers ask for
  "robots", "sitemap", "favicon", "manifest", "uploads", "images", "img", "cdn", "public", "media",
  // price lists, feeds and the API (PRODUCT.md "Beyond the specification")
  "prices", "price-list", "feed", "feeds", "archive", "openapi", "graphql",
  // platform and generic names
  "vitrina", "www", "root", "system", "null", "undefined", "store", "stores", "shop", "shops",
  "user", "users", "health", "healthz", "readyz", "metrics", "localhost", "test", "dev", "staging",
  // subdomains that mail and DNS conventions claim
  "mail", "webmail", "smtp", "imap", "pop", "pop3", "ftp", "ns1", "ns2", "autoconfig",
  "autodiscover", "postmaster", "hostmaster", "webmaster", "abuse", "noreply", "no-reply",
]);

export type UsernameProblem = "required" | "tooShort" | "tooLong" | "invalidChars" | "hyphens" | "reserved";

/** "Маркет Пела" → "market-pela", "Žito Luks DOO" → "zito-luks-doo". Only a suggestion:
 * the result can still be too short, reserved or taken, so run usernameProblem on it. */
export function suggestUsername(storeName: string): string {
  return stripDiacritics(cyrillicToLatin(storeName))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, USERNAME_MAX_LENGTH)
    .replace(/-+$/, "");
}

/** The first rule a username breaks, as a key for the form's message, or null when it is fine. */
export function usernameProblem(value: string): UsernameProblem | null {
  if (value.trim() === "") return "required";
  if (value.length < USERNAME_MIN_LENGTH) return "tooShort";
  if (value.length > USERNAME_MAX_LENGTH) return "tooLong";
  if (!/^[a-z0-9-]+$/.test(value)) return "invalidChars";
  if (value.startsWith("-") || value.endsWith("-") || value.includes("--")) return "hyphens";
  if (RESERVED_USERNAMES.has(value)) return "reserved";
  return null;
}
