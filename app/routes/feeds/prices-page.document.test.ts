import { eq } from "drizzle-orm";
import {
  createRequestHandler,
  RouterContextProvider,
  type ServerBuild,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { store as storeTable } from "~/db/schema/stores";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { closePointOfSale, createPointOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import { documentRequestContext } from "~/lib/document-only";
import { cspNonceContext } from "~/lib/request-context";
import { startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as entryServer from "../../entry.server";
import * as root from "../../root";
import * as notFound from "../not-found";
import * as pointOfSalePage from "../store/point-of-sale-page";
import * as pricesPage from "./prices-page";

// Decision 0128: /{username}/prices is a published document like the store page. The whole document
// as React Router's server pipeline renders it (root layout, loaders, entry.server): no framework
// script, no modulepreload and no hydration data, only the static page's inline script with the CSP
// nonce. The 404 page of a path no route claims still hydrates, and shows this harness would see them.

// The stylesheet's address, as the build gives it (Vitest gives none).
vi.mock("../../app.css?url", () => ({ default: "/assets/app.css" }));

const NONCE = "test-nonce";
type Module = Record<string, unknown>;

/** A route module as the build hands it over: its components given their props by React Router. */
function built(module: Module): Module {
  const wrap = (name: string, by: (component: never) => unknown) =>
    typeof module[name] === "function" ? { [name]: by(module[name] as never) } : {};
  return {
    ...module,
    ...wrap("default", withComponentProps),
    ...wrap("ErrorBoundary", withErrorBoundaryProps),
  };
}

const ROUTES: { id: string; parentId?: string; path: string; module: Module }[] = [
  { id: "root", path: "", module: built(root) },
  { id: "routes/feeds/prices-page", parentId: "root", path: ":username/prices", module: built(pricesPage) },
  {
    id: "routes/store/point-of-sale-page",
    parentId: "root",
    path: ":username/:pointOfSale",
    module: built(pointOfSalePage),
  },
  { id: "routes/not-found", parentId: "root", path: "*", module: built(notFound) },
];

/** A server build of these routes, as `react-router build` writes it (the asset paths are made up). */
function serverBuild(): ServerBuild {
  const has = (module: Module, name: string) => typeof module[name] === "function";
  return {
    entry: { module: entryServer as never },
    routes: Object.fromEntries(
      ROUTES.map(({ id, parentId, path, module }) => [id, { id, parentId, path, module: module as never }]),
    ),
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/chunk-framework.js"] },
      routes: Object.fromEntries(
        ROUTES.map(({ id, parentId, path, module }) => [
          id,
          {
            id,
            parentId,
            path,
            module: `/assets/${id.replaceAll("/", "-")}.js`,
            imports: [],
            hasAction: has(module, "action"),
            hasLoader: has(module, "loader"),
            hasClientAction: has(module, "clientAction"),
            hasClientLoader: has(module, "clientLoader"),
            hasClientMiddleware: Array.isArray(module.clientMiddleware),
            hasErrorBoundary: has(module, "ErrorBoundary"),
            clientActionModule: undefined,
            clientLoaderModule: undefined,
            clientMiddlewareModule: undefined,
            hydrateFallbackModule: undefined,
          },
        ]),
      ),
      url: "/assets/manifest-test.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
}

const handle = createRequestHandler(serverBuild(), "production");

/** The document the server sends for `path`, with the context server/app.ts gives a page request. */
async function documentOf(path: string): Promise<{ status: number; headers: Headers; html: string }> {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, NONCE);
  context.set(documentRequestContext, true);
  const response = await handle(new Request(`http://localhost${path}`), context);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** What makes a page hydrate: module scripts, their preloads and React Router's hydration data. */
function frameworkParts(html: string): string[] {
  return [
    ...(html.match(/<script[^>]*type="module"[^>]*>/g) ?? []),
    ...(html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? []),
    ...(html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? []),
    ...(html.match(/__reactRouter\w*/g) ?? []),
    ...(html.includes("/assets/entry.client.js") ? ["/assets/entry.client.js"] : []),
  ];
}

/** The inline scripts: each opening tag with its text. */
function inlineScripts(html: string): { tag: string; text: string }[] {
  return [...html.matchAll(/(<script[^>]*>)([\s\S]*?)<\/script>/g)].map((match) => ({
    tag: match[1]!,
    text: match[2]!,
  }));
}

let database: Database;
let username: string;
let inactive: string;

beforeAll(async () => {
  database = await startRouteDatabase();
  const shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
  username = shop.username;
  await createPointOfSale(shop.ctx, { name: "Тетово", address: testAddress(), phone: null });
  const bitola = await createPointOfSale(shop.ctx, { name: "Битола", address: testAddress(), phone: null });
  const [row] = await database.db.select().from(storeTable).where(eq(storeTable.id, shop.storeId));
  await archivePriceList(database.db, row!, "day_end", new Date("2026-11-20T22:00:00Z"));
  await closePointOfSale(shop.ctx, bitola.id);
  inactive = (await createTestStore(database, { active: false })).username;
});
afterAll(async () => {
  await closeDatabase();
});

describe("/{username}/prices as a document", () => {
  it("carries no framework script and no hydration data, only the static page's script with the nonce", async () => {
    const { status, headers, html } = await documentOf(`/${username}/prices`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(frameworkParts(html)).toEqual([]);
    // Its files and days are in the markup itself.
    expect(html).toContain(`href="/${username}/prices.xlsx"`);
    expect(html).toContain(`href="/${username}/prices/2026-11-20.json"`);
    expect(html).toContain(`href="/${username}/tetovo/prices.csv"`);
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.tag).toBe(`<script nonce="${NONCE}">`);
    // The landing page's script: the session asked after load, the language switch kept.
    expect(scripts[0]!.text).toContain('"sessionPath":"/api/_auth/session"');
    // The language switch: a plain form post, back to this page.
    const switcher = html.match(/<form[^>]*data-locale=""[^>]*>/)?.[0];
    expect(switcher).toContain('action="/api/locale"');
    expect(switcher).toContain('method="post"');
    expect(html).toContain(`name="redirectTo" value="/${username}/prices"`);
  });

  it("a store the public may not see, or an unpaid one, answers 404 as a document too", async () => {
    for (const path of ["/no-such-store/prices", `/${inactive}/prices`]) {
      const { status, html } = await documentOf(path);
      expect([path, status]).toEqual([path, 404]);
      expect(frameworkParts(html)).toEqual([]);
    }
  });

  it("each point of sale's entry is where its page's “about the files” link points", async () => {
    const { html: files } = await documentOf(`/${username}/prices`);
    expect(files).toMatch(/<li id="files-tetovo"/);
    expect(files).toMatch(/<li id="files-bitola"/);
    const { status, html } = await documentOf(`/${username}/tetovo`);
    expect(status).toBe(200);
    expect(html).toContain(`href="/${username}/prices#files-tetovo"`);
    expect(html).not.toContain(`href="/${username}/tetovo/prices"`);
  });

  it("a page that still hydrates gets the framework's scripts from the same pipeline", async () => {
    const { status, html } = await documentOf("/no/such/page");
    expect(status).toBe(404);
    const parts = frameworkParts(html);
    expect(parts).toEqual(
      expect.arrayContaining([
        expect.stringContaining('type="module"'),
        expect.stringContaining('rel="modulepreload"'),
        "__reactRouterContext",
      ]),
    );
  });
});
