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
import { addProducts } from "~/features/catalog/product.test-support";
import { createPointOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import type { Locale } from "~/i18n/config";
import { fixedClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { documentRequestContext } from "~/lib/document-only";
import { cspNonceContext } from "~/lib/request-context";
import { startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as entryServer from "../../entry.server";
import * as root from "../../root";
import * as pointOfSalePage from "../../routes/store/point-of-sale-page";
import * as storePage from "../../routes/store/store-page";
import { renderPointOfSaleDocument } from "../points-of-sale/point-of-sale-document.server";
import { renderStorePageDocument } from "./store-page-document.server";

// Decision 0144: a visitor's store page is rendered without React Router's document pipeline. The
// published document must be the page React Router renders for the same request (root layout,
// loader, meta, entry.server), so that the stamp, the JSON-LD, the Albanian
// texts, the inactive notice, the canonical link and the static page's script are all kept.

vi.mock("../../app.css?url", () => ({ default: "/assets/app.css" }));

const NONCE = "test-nonce";
type Module = Record<string, unknown>;

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
  { id: "routes/store/store-page", parentId: "root", path: ":username", module: built(storePage) },
  {
    id: "routes/store/point-of-sale-page",
    parentId: "root",
    path: ":username/:pointOfSale",
    module: built(pointOfSalePage),
  },
];

function serverBuild(): ServerBuild {
  const has = (module: Module, name: string) => typeof module[name] === "function";
  return {
    entry: { module: entryServer as never },
    routes: Object.fromEntries(
      ROUTES.map(({ id, parentId, path, module }) => [id, { id, parentId, path, module: module as never }]),
    ),
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
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
            hasClientAction: false,
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

function cookieOf(locale: Locale): Record<string, string> {
  return { cookie: `lang=${locale}` };
}

/** React Router's answer for `path` in `locale`, with the context server/app.ts gives a page request. */
async function reactRouterDocument(path: string, locale: Locale) {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, NONCE);
  context.set(documentRequestContext, true);
  const response = await handle(
    new Request(`http://localhost${path}`, { headers: cookieOf(locale) }),
    context,
  );
  return { status: response.status, html: await response.text() };
}

function published(path: string, locale: Locale, script = true) {
  const url = new URL(path, "http://localhost");
  return renderStorePageDocument({
    url,
    username: url.pathname.slice(1),
    locale,
    nonce: NONCE,
    script,
  });
}

/** React Router's render carries an empty Suspense boundary of its own after the page's scripts. */
function withoutRouterMarkers(html: string): string {
  return html.replace("<!--$--><!--/$-->", "");
}

const clock = fixedClock(new Date("2026-11-20T10:00:00Z"));
let database: Database;
let username: string;
let inactive: string;
let productId: string;

beforeAll(async () => {
  (globalThis as { __vitrinaClock?: unknown }).__vitrinaClock = clock;
  database = await startRouteDatabase();
  const shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
  username = shop.username;
  await database.db.update(storeTable).set({ albanianContent: true }).where(eq(storeTable.id, shop.storeId));
  const [milk] = await addProducts(shop.ctx, [
    { name: "Млеко", nameSq: "Qumësht", priceCents: 9900 },
    { name: "Леб", priceCents: 3500 },
  ]);
  productId = milk!.id;
  await createPointOfSale(shop.ctx, { name: "Тетово", address: testAddress(), phone: null });
  await createPointOfSale(shop.ctx, { name: "Битола", address: testAddress(), phone: null });
  inactive = (await createTestStore(database, { active: false })).username;
});
afterAll(async () => {
  await closeDatabase();
  delete (globalThis as { __vitrinaClock?: unknown }).__vitrinaClock;
});

describe("the store page as a published document", () => {
  it("is the document React Router renders for the same view, in mk, en and sq", async () => {
    const views = [`/${username}`, `/${username}?sort=price_desc`, `/${username}?q=mleko`];
    for (const locale of ["mk", "en", "sq"] as const) {
      for (const path of views) {
        const expected = await reactRouterDocument(path, locale);
        expect([path, locale, expected.status]).toEqual([path, locale, 200]);
        const html = await published(path, locale);
        expect(html).toBe(withoutRouterMarkers(expected.html));
      }
    }
  });

  it("keeps its head, the price list's structured data and the Albanian texts", async () => {
    const html = (await published(`/${username}`, "sq"))!;
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain('<html lang="sq" data-messages="public">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).toContain(`<link rel="canonical" href="${getConfig().baseUrl}/${username}"/>`);
    expect(html).toContain("Qumësht");
    const jsonLd = html.match(
      /<script id="store-json-ld" type="application\/ld\+json">([^<]*)<\/script>/,
    )?.[1];
    // Each product an Offer (a running promotion adds priceValidUntil: json-ld.test.ts).
    expect(jsonLd).toContain('"price":"99.00"');
    expect(jsonLd).toContain('"name":"Qumësht"');
    // No framework script: only the static page's and the store page's inline scripts, with the nonce.
    expect(html).not.toMatch(/type="module"|modulepreload|__reactRouter/);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.filter((attributes) => !attributes!.includes("ld+json"))).toEqual([
      ` nonce="${NONCE}"`,
      ` nonce="${NONCE}"`,
    ]);
  });

  it("a report's dialog view, and an inactive store's notice", async () => {
    const path = `/${username}?report=${productId}`;
    const report = (await published(path, "mk"))!;
    expect(report).toBe(withoutRouterMarkers((await reactRouterDocument(path, "mk")).html));
    expect(report).toMatch(/<dialog open="" data-report=""/);
    // Without script the report is a plain form post back to this view (the route's action answers it).
    expect(report).toContain(`action="/${username}?report=${productId}" method="post"`);
    const notice = await published(`/${inactive}`, "en");
    expect(notice).toBe(withoutRouterMarkers((await reactRouterDocument(`/${inactive}`, "en")).html));
  });

  it("on a store's own domain leaves out the static page's script (it never asks for a session there)", async () => {
    const html = (await published(`/${username}`, "mk", false))!;
    expect(html).not.toContain("/api/_auth/session");
    expect(html).toContain("installStorePage");
    expect(html).toContain('id="store-json-ld"');
  });

  it("is null for a username no store has, so React Router answers its 404", async () => {
    expect(await published("/no-such-store", "mk")).toBeNull();
  });
});

describe("a point of sale's page as a published document", () => {
  function point(path: string, locale: Locale) {
    const url = new URL(path, "http://localhost");
    const [, name = "", slug = ""] = url.pathname.split("/");
    return renderPointOfSaleDocument({ url, username: name, slug, locale, nonce: NONCE, script: true });
  }

  it("is the document React Router renders for the same view, in mk, en and sq", async () => {
    for (const locale of ["mk", "en", "sq"] as const) {
      for (const path of [`/${username}/tetovo`, `/${username}/bitola?sort=price_desc&page=1`]) {
        const expected = await reactRouterDocument(path, locale);
        expect([path, locale, expected.status]).toEqual([path, locale, 200]);
        expect(await point(path, locale)).toBe(withoutRouterMarkers(expected.html));
      }
    }
  });

  it("is null for a point of sale or a store that does not exist, so React Router answers its 404", async () => {
    expect(await point(`/${username}/no-such-point`, "mk")).toBeNull();
    expect(await point("/no-such-store/tetovo", "mk")).toBeNull();
    expect((await reactRouterDocument(`/${username}/no-such-point`, "mk")).status).toBe(404);
  });
});
