import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, uniqueEmail } from "~/auth/test-helpers";
import type { Database } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { middleware } from "~/root";
import { startRouteDatabase } from "../../tests/support/route-harness";

// The navigation rules as the server applies them (the root middleware, for every page request and
// every client navigation's `{path}.data` request), with real sessions read from the cookie. The
// end-to-end suite (tests/e2e/navigation.spec.ts) keeps what only a browser shows: that it follows
// these redirects to the page, and the client navigations; each path's redirect is held here
// (decision 0123).

let database: Database;
let t: ReturnType<typeof createTestAuth>;
let newcomer: string;
let owner: string;

beforeAll(async () => {
  database = await startRouteDatabase();
  t = createTestAuth(database);
  (globalThis as { __vitrinaAuth?: unknown }).__vitrinaAuth = t.auth;
  newcomer = (await t.register(uniqueEmail("nav-newcomer"))).cookie;
  const made = await t.register(uniqueEmail("nav-owner"));
  await database.db.update(user).set({ onboarded: true }).where(eq(user.id, made.id));
  owner = made.cookie;
});

/** Where the server sends a request for this path: "through" when the rules let it pass. */
async function answer(path: string, cookie: string | null): Promise<string> {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`http://localhost:3000${path}`, { headers });
  const rootMiddleware = middleware[0] as unknown as (
    args: { request: Request; context: RouterContextProvider; params: object },
    next: () => Promise<Response>,
  ) => Promise<Response>;
  try {
    await rootMiddleware(
      { request, context: new RouterContextProvider(), params: {} },
      async () => new Response(),
    );
    return "through";
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    expect(thrown.status).toBe(302);
    return `→ ${thrown.headers.get("location")}`;
  }
}

/** A page path and the `.data` request a client-side navigation to it makes ("/" asks "/_root.data"). */
const asPageAndData = (path: string) => [path, path === "/" ? "/_root.data" : `${path}.data`];

async function expectAll(paths: string[], cookie: string | null, expected: string) {
  for (const path of paths.flatMap(asPageAndData)) {
    expect([path, await answer(path, cookie)]).toEqual([path, expected]);
  }
}

describe("signed out", () => {
  it("lets /, /auth/login, /auth/register, /auth/verify-otp, /auth/logout and a store page /demo through", async () => {
    await expectAll(
      ["/", "/auth/login", "/auth/register", "/auth/verify-otp", "/auth/logout", "/demo"],
      null,
      "through",
    );
  });

  it("lets account recovery, a store's public files, robots.txt and sitemap.xml through", async () => {
    await expectAll(
      [
        "/auth/forgot-password",
        "/auth/reset-password",
        "/auth/login-simple-password",
        "/demo/prices",
        "/demo/prices.csv",
        "/demo/price-list.pdf",
        "/robots.txt",
        "/sitemap.xml",
        "/api/_auth/session",
      ],
      null,
      "through",
    );
  });

  it("sends every other page to /auth/login", async () => {
    await expectAll(
      [
        "/dashboard/products",
        "/dashboard/products/new",
        "/dashboard",
        "/onboarding",
        "/dashboard/some/deep/path",
        "/auth/not-a-page",
      ],
      null,
      "→ /auth/login",
    );
  });

  it("leaves a store's unknown, encoded or malformed sub-paths to the router's 404", async () => {
    await expectAll(
      [
        "/demo/not-a-point-of-sale",
        "/demo/%2Fprices",
        "/demo/a%2Fb",
        "/demo/x/y/z",
        "/demo/..%2Fadmin",
        "/some/deep/path",
      ],
      null,
      "through",
    );
  });
});

describe("signed in, not onboarded", () => {
  it("sends /auth/login and /auth/register to /dashboard/products (which sends on to /onboarding)", async () => {
    await expectAll(["/auth/login", "/auth/register"], newcomer, "→ /dashboard/products");
  });

  it("sends every other page to /onboarding, and lets /onboarding and /auth/logout through", async () => {
    await expectAll(
      ["/dashboard/products", "/dashboard", "/", "/demo", "/some/deep/path"],
      newcomer,
      "→ /onboarding",
    );
    await expectAll(["/onboarding", "/auth/logout"], newcomer, "through");
  });
});

describe("signed in, onboarded", () => {
  it("sends /auth/login, /auth/register, /onboarding and /dashboard to /dashboard/products", async () => {
    await expectAll(
      ["/auth/login", "/auth/register", "/onboarding", "/dashboard"],
      owner,
      "→ /dashboard/products",
    );
  });

  it("lets /, /demo, the dashboard's pages and a store's pages through", async () => {
    await expectAll(["/", "/demo", "/dashboard/products", "/dashboard/products/new"], owner, "through");
  });

  it("treats a cookie whose session ended as signed out", async () => {
    const ended = owner.replace(/(session_token=)[^;.]+/, "$1ended-session");
    await expectAll(["/dashboard/products/new"], ended, "→ /auth/login");
  });
});
