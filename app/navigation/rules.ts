// The navigation rules, as one pure function (decision 0004): the root middleware applies it on the server
// for every page request, and the root client middleware applies it on client navigations.

import { slugProblem } from "~/features/points-of-sale/point-of-sale-slug";
import { usernameProblem } from "~/lib/slug";

export type NavigationSession = { onboarded: boolean; role?: string } | null;

export const POST_LOGIN_PATH = "/dashboard/products";
export const ADMIN_HOME = "/admin";

/** First path segments that belong to the application, never to a store. */
const APP_SECTIONS = new Set(["auth", "dashboard", "onboarding", "admin", "api"]);

const SIGNED_OUT_PAGES = new Set(["/", "/auth/verify-otp", "/auth/logout", "/auth/login", "/auth/register"]);

// Reachable whatever the session: account recovery, API and files: none of them needs a signed-in owner.
const ALWAYS_OPEN = new Set([
  "/auth/forgot-password",
  "/auth/reset-password",
  "/auth/login-simple-password",
  "/robots.txt",
  "/sitemap.xml",
  "/favicon.ico",
]);

// The dashboard pages onboarding itself sends the owner to: the import of a till or spreadsheet
// file (step 4) and the image library (step 5). They render in onboarding's frame until it is
// finished (decision 0124); every other dashboard page waits for the end of onboarding.
const ONBOARDING_PAGES = [/^\/dashboard\/products\/import(\/|$)/, /^\/dashboard\/image-gallery$/];

/** A page a signed-in owner may open before onboarding is finished. */
export function isOnboardingPage(pathname: string): boolean {
  const path = normalize(pathname);
  return path === "/onboarding" || ONBOARDING_PAGES.some((page) => page.test(path));
}

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** A store's public files and sub-pages: /{username}/prices…, /{username}/price-list.pdf, /{username}/posts. */
function isStoreFile(segments: string[]): boolean {
  const [first, second] = segments;
  if (!first || !second || APP_SECTIONS.has(first)) return false;
  return (
    second.startsWith("prices") ||
    second === "price-list.pdf" ||
    second === "posts" ||
    isPointOfSalePath(segments)
  );
}

/**
 * A point of sale's list and files, /{username}/{slug}[/prices.csv|prices.json|prices.xlsx|prices/…|
 * price-list.pdf]: public like the store's own. Only a well-formed username and slug qualify, so
 * any other path keeps the rules above.
 */
function isPointOfSalePath([first, second, third, fourth, ...rest]: string[]): boolean {
  if (!first || !second || rest.length > 0 || usernameProblem(first) !== null || slugProblem(second) !== null)
    return false;
  if (third === undefined) return true;
  if (third === "prices") return fourth !== undefined;
  return (
    fourth === undefined &&
    (third === "prices.csv" ||
      third === "prices.json" ||
      third === "prices.xlsx" ||
      third === "price-list.pdf")
  );
}

/** Paths these rules never touch: API calls, static files and the store's public files. */
export function isOpenPath(pathname: string): boolean {
  const path = normalize(pathname);
  if (ALWAYS_OPEN.has(path)) return true;
  if (path.startsWith("/api/") || path.startsWith("/assets/") || path.startsWith("/uploads/")) return true;
  return isStoreFile(path.split("/").filter(Boolean));
}

/** Where the rules send this request, or null to let it through. */
export function navigationRedirect(pathname: string, session: NavigationSession): string | null {
  const path = normalize(pathname);
  if (isOpenPath(path)) return null;
  const segments = path.split("/").filter(Boolean);
  // Decision 0044: the admin area is the admin check's alone. Nobody else is sent anywhere from it (not
  // even to the login page): its routes answer the ordinary 404, so it does not reveal it exists.
  const adminArea = segments[0] === "admin";
  if (adminArea && session?.role !== "admin" && !(session && !session.onboarded)) return null;

  if (session?.role === "admin" && !session.onboarded) {
    // An admin needs no store: the admin area is their home; onboarding stays open if they want one.
    if (adminArea || path === "/onboarding" || path === "/auth/logout") return null;
    if (segments.length === 1 && !APP_SECTIONS.has(segments[0] ?? "")) return null;
    return ADMIN_HOME;
  }

  if (session) {
    if (path === "/auth/login" || path === "/auth/register") return POST_LOGIN_PATH;
    // Signing out must stay possible before onboarding is finished.
    if (path === "/auth/logout") return null;
    if (!session.onboarded) return isOnboardingPage(path) ? null : "/onboarding";
    if (path === "/onboarding" || path === "/dashboard") return POST_LOGIN_PATH;
    return null;
  }

  if (SIGNED_OUT_PAGES.has(path)) return null;
  const first = segments[0];
  // A store's page, and any other path under a store (an unknown, encoded or malformed sub-path such
  // as /demo/a%2Fb or /demo/x/y/z), is the store's space, not the application's: the router answers
  // it, with the ordinary 404 when there is no such page, never with the login page.
  if (first && !APP_SECTIONS.has(first)) return null;
  return "/auth/login";
}
