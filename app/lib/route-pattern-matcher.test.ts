import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { patternMatcher } from "./route-pattern-matcher";

// The app's route table as React Router's router sees it, and as the full patterns the metrics label.
const toRouteObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((entry) =>
    entry.index
      ? { index: true, id: entry.file }
      : { path: entry.path, id: entry.file, children: toRouteObjects(entry.children ?? []) },
  );

function fullPatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    return [own || "/", ...fullPatterns(entry.children ?? [], own)];
  });
}

/** The full pattern of the deepest route React Router matches, as routePatterns builds it. */
function reactRouterPattern(pathname: string): string | null {
  const matches = matchRoutes(toRouteObjects(routes), pathname);
  if (!matches) return null;
  const pattern = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .map((path) => `/${path}`)
    .join("");
  return pattern || "/";
}

// Every route's pattern with its parameters filled in, and the paths that could match two of them.
const paths = [
  ...fullPatterns(routes).map((pattern) =>
    pattern
      .replace(/:[\w]+\?/g, "")
      .replace(/:[\w]+/g, "x-1")
      .replace("*", "any/thing")
      .replace(/\/+/g, "/"),
  ),
  "/",
  "/demo",
  "/Demo/",
  "/demo/prices",
  "/demo/prices/prices.csv",
  "/demo/prices/2026-11-20.csv",
  "/demo/tetovo/prices.json",
  "/demo/price-list.pdf",
  "/demo/posts",
  "/dashboard/products/import",
  "/dashboard/products/new",
  "/dashboard/products/123/points-of-sale",
  "/dashboard/settings/api/reference",
  "/api/admin/users/impersonate",
  "/api/admin/users/u1/impersonate",
  "/api/admin/users/stop-impersonation",
  "/admin/waitlist/export",
  "/sitemap.xml",
  "/wp-admin/setup.php",
  "/a/b/c/d/e",
  "/demo%2Fprices",
];

describe("the route pattern matcher", () => {
  it("picks the route React Router picks, for every route of the app and the paths two could match", () => {
    const patternOf = patternMatcher(fullPatterns(routes));
    for (const path of paths) expect(patternOf(path), path).toBe(reactRouterPattern(path));
  });

  it("answers nothing for a path no pattern takes", () => {
    expect(patternMatcher(["/dashboard", "/:username"])("/a/b")).toBeNull();
  });
});
