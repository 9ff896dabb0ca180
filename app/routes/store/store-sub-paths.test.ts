import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { navigationRedirect } from "~/navigation/rules";
import routes from "~/routes";
import { get, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";

// An encoded or malformed path under a store is the store's space: a signed-out visitor
// gets the ordinary 404 page for it, never the login page (the navigation rules) and never a 500
// (the route the table matches, with the params React Router decodes, answers 404).

type Loader = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: unknown;
}) => Promise<unknown>;

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => ({
    id: entry.file,
    path: entry.path,
    index: entry.index as false | undefined,
    children: entry.children ? toRouteObjects(entry.children) : undefined,
  })) as RouteObject[];
}

/** What the server answers for `path`: the rules' redirect, else the status of the matched route's loader. */
async function answer(path: string): Promise<string | number> {
  const redirect = navigationRedirect(new URL(`http://localhost${path}`).pathname, null);
  if (redirect) return redirect;
  const matches = matchRoutes(toRouteObjects(routes), new URL(`http://localhost${path}`).pathname) ?? [];
  const leaf = matches.at(-1);
  if (!leaf) return "no route";
  const module = (await import(/* @vite-ignore */ `../../${leaf.route.id}`)) as { loader?: Loader };
  if (!module.loader) return "no loader";
  return statusOf(() =>
    module.loader!({ request: get(path), params: leaf.params as Record<string, string>, context: undefined }),
  );
}

let database: Database;
let shop: { username: string };

beforeAll(async () => {
  database = await startRouteDatabase();
  shop = await createTestStore(database);
});

afterAll(async () => {
  await closeDatabase();
});

describe("paths under a store that name no page", () => {
  it("answer the 404 page, not the login page or an error", async () => {
    for (const tail of [
      "%2Fprices",
      "a%2Fb",
      "x/y/z",
      "..%2Fadmin",
      "%2e%2e%2fadmin",
      "%2F",
      "a%00b",
      "%2Fprices.csv",
      "a%2Fb/prices.csv",
      "a%2Fb/prices/2026-11-20.json",
      "a%2Fb/price-list.pdf",
      "prices/..%2F..%2Fadmin",
      "posts/x",
      "x/prices/y/z",
    ]) {
      const path = `/${shop.username}/${tail}`;
      expect([path, await answer(path)]).toEqual([path, 404]);
    }
  });

  it("keep the store's real pages and the application's own sections as they were", async () => {
    expect(await answer(`/${shop.username}/prices.json`)).toBe(200);
    expect(await answer("/dashboard/products")).toBe("/auth/login");
    expect(await answer("/dashboard/x/y")).toBe("/auth/login");
  });
});
