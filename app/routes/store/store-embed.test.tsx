import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { store } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { createCategory } from "~/features/categories/category.server";
import { answerToday } from "~/features/confirmation/confirmation.server";
import type { EmbedPageData } from "~/features/embed/components/embed-page";
import { FRAME_ANCESTORS_HEADER } from "~/features/embed/embed-origins";
import { setEmbedOrigins } from "~/features/embed/embed-origins.server";
import { createPointOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import { stampText } from "~/features/storefront/stamp";
import { getServerI18n } from "~/i18n/i18n.server";
import { getConfig } from "~/lib/config.server";
import { isScriptlessPage } from "~/shell/static-page";
import { securityHeaders } from "../../../server/security-headers";
import { call, get, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as posEmbed from "./point-of-sale-embed";
import * as storeEmbed from "./store-embed";
import * as storePage from "./store-page";

// The embeddable price list (decision 0136): the store page's products and stamp in a page without
// any script, whose links stay on /embed, framed only by the origins the owner declared.

let database: Database;
let shop: Awaited<ReturnType<typeof createTestStore>>;
let categoryId: string;

type Loaded = { data: { page: EmbedPageData }; init?: ResponseInit };

async function load(path: string, username: string): Promise<Loaded> {
  return call<Loaded>(storeEmbed.loader, {
    request: get(path),
    context: undefined as never,
    params: { username },
  });
}

function render(path: string, page: Loaded["data"]): string {
  const Stub = createRoutesStub([
    {
      id: "embed",
      path: "/:username/embed",
      Component: storeEmbed.default as never,
      handle: storeEmbed.handle,
    },
  ]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n("mk")}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { embed: page } }} />
    </I18nextProvider>,
  );
}

/** The answer's headers as the server sends them: the route's headers through the security headers. */
async function sentHeaders(init: ResponseInit | undefined): Promise<Headers> {
  const app = express();
  app.use(securityHeaders({ production: true, https: true }));
  app.get("/", (_req, res) => {
    // As React Router's Express adapter does with a route's headers.
    for (const [name, value] of new Headers(init?.headers)) res.append(name, value);
    res.send("ok");
  });
  const server = app.listen(0);
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return response.headers;
  } finally {
    server.close();
  }
}

const frameAncestors = (headers: Headers) =>
  headers
    .get("content-security-policy")
    ?.split("; ")
    .find((directive) => directive.startsWith("frame-ancestors"));

beforeAll(async () => {
  database = await startRouteDatabase();
  shop = await createTestStore(database);
  categoryId = (await createCategory(shop.ctx, { name: "Млечни" })).id;
  await createProduct(shop.ctx, productInput({ name: "Јогурт Вкусно", categoryId }));
  await createProduct(shop.ctx, productInput({ name: "Леб Бел" }));
  await answerToday(shop.ctx, { answer: "yes" }, new Date());
});

afterAll(async () => {
  await closeDatabase();
});

describe("the embed page", () => {
  it("shows the store's products and the same stamp as the store page, with no script", async () => {
    const { data } = await load(`/${shop.username}/embed`, shop.username);
    const html = render(`/${shop.username}/embed`, data);
    expect(html).toContain("Јогурт Вкусно");
    expect(html).toContain("Леб Бел");
    const full = (await call<{ data: { stamp: unknown } }>(storePage.loader, {
      request: get(`/${shop.username}`),
      context: undefined as never,
      params: { username: shop.username },
    })) as { data: { stamp: unknown } };
    expect(data.page.stamp).toEqual(full.data.stamp);
    expect(html).toContain('data-testid="price-stamp"');
    const stamp = stampText(getServerI18n("mk").t, full.data.stamp as never, "mk");
    expect(stamp).toMatch(/\S/);
    expect(html).toContain(stamp);
    expect(html).not.toMatch(/<script\b/i);
    expect(html).not.toContain("modulepreload");
    // The root layout leaves out every script, its own inline one too, for this route's handle.
    expect(isScriptlessPage([{ handle: storeEmbed.handle }])).toBe(true);
    expect(isScriptlessPage([{ handle: posEmbed.handle }])).toBe(true);
    expect(isScriptlessPage([{ handle: storePage.handle }])).toBe(false);
    // The full list opens the store's page in a new tab.
    expect(html).toMatch(new RegExp(`<a href="http[^"]*/${shop.username}" target="_blank"`));
  });

  it("keeps search, category and paging inside /embed", async () => {
    const path = `/${shop.username}/embed?q=${encodeURIComponent("Јогурт")}`;
    const { data } = await call<Loaded>(storeEmbed.loader, {
      request: get(path),
      context: undefined as never,
      params: { username: shop.username },
    });
    expect(data.page.products.map((product) => product.name)).toEqual(["Јогурт Вкусно"]);
    const html = render(path, data);
    // The search form posts to this same address (no action: the document's own URL).
    const form = html.match(/<form\b[^>]*>/)![0];
    expect(form).toContain('method="get"');
    expect(form).not.toContain("action=");
    const categoryLinks = [...html.matchAll(/<nav aria-label="[^"]*"[^>]*>(.*?)<\/nav>/g)].flatMap((nav) =>
      [...nav[1]!.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")),
    );
    expect(categoryLinks.length).toBeGreaterThan(1);
    for (const href of categoryLinks) expect(href).toMatch(new RegExp(`^/${shop.username}/embed(\\?|$)`));
    expect(categoryLinks).toContain(
      `/${shop.username}/embed?q=${encodeURIComponent("Јогурт")}&category=${categoryId}`,
    );
    const filtered = await call<Loaded>(storeEmbed.loader, {
      request: get(`/${shop.username}/embed?category=${categoryId}`),
      context: undefined as never,
      params: { username: shop.username },
    });
    expect(filtered.data.page.products.map((product) => product.name)).toEqual(["Јогурт Вкусно"]);
  });

  it("frame-ancestors: the declared origins, and 'none' with X-Frame-Options DENY without", async () => {
    const none = await sentHeaders((await load(`/${shop.username}/embed`, shop.username)).init);
    expect(frameAncestors(none)).toBe("frame-ancestors 'none'");
    expect(none.get("x-frame-options")).toBe("DENY");

    await setEmbedOrigins(shop.ctx, "https://marketana.mk\nhttps://www.marketana.mk/ceni");
    const declared = await sentHeaders((await load(`/${shop.username}/embed`, shop.username)).init);
    expect(frameAncestors(declared)).toBe("frame-ancestors https://marketana.mk https://www.marketana.mk");
    expect(declared.get("x-frame-options")).toBeNull();
    expect(declared.get(FRAME_ANCESTORS_HEADER)).toBeNull();
    // Every other directive is the app's.
    expect(declared.get("content-security-policy")).toContain("object-src 'none'");

    // The settings preview: the platform's own origin, never the declared ones.
    const preview = await sentHeaders((await load(`/${shop.username}/embed?preview=1`, shop.username)).init);
    expect(frameAncestors(preview)).toBe(`frame-ancestors ${new URL(getConfig().baseUrl).origin}`);
    expect(preview.get("x-frame-options")).toBeNull();

    // The store page itself is never framed.
    const page = (await call<{ init?: ResponseInit }>(storePage.loader, {
      request: get(`/${shop.username}`),
      context: undefined as never,
      params: { username: shop.username },
    })) as { init?: ResponseInit };
    const pageHeaders = await sentHeaders(page.init);
    expect(frameAncestors(pageHeaders)).toBe("frame-ancestors 'none'");
    expect(pageHeaders.get("x-frame-options")).toBe("DENY");
    await setEmbedOrigins(shop.ctx, "");
  });

  it("a point of sale's embed: its list and stamp, framed by the store's declared origins only", async () => {
    const point = await createPointOfSale(shop.ctx, { name: "Центар", address: testAddress(), phone: null });
    const params = { username: shop.username, pointOfSale: point.slug };
    const at = (path: string) =>
      call<Loaded>(posEmbed.loader, { request: get(path), context: undefined as never, params });
    const path = `/${shop.username}/${point.slug}/embed`;
    const { data, init } = await at(path);
    expect(data.page.products.map((product) => product.name).sort()).toEqual(["Јогурт Вкусно", "Леб Бел"]);
    expect(data.page.title).toContain("Центар");
    expect(data.page.fullUrl).toMatch(new RegExp(`/${shop.username}/${point.slug}$`));
    expect(frameAncestors(await sentHeaders(init))).toBe("frame-ancestors 'none'");
    await setEmbedOrigins(shop.ctx, "https://marketana.mk");
    const declared = await sentHeaders((await at(path)).init);
    expect(frameAncestors(declared)).toBe("frame-ancestors https://marketana.mk");
    expect(declared.get("x-frame-options")).toBeNull();
    await setEmbedOrigins(shop.ctx, "");
    const missing = { username: shop.username, pointOfSale: "no-such-point" };
    expect(
      await statusOf(() =>
        call(posEmbed.loader, {
          request: get(`/${shop.username}/no-such-point/embed`),
          context: undefined as never,
          params: missing,
        }),
      ),
    ).toBe(404);
  });

  it("an inactive store's embed shows the store page's inactive notice; an unfinished one is a 404", async () => {
    const inactive = await createTestStore(database, { active: false });
    const { data } = await load(`/${inactive.username}/embed`, inactive.username);
    expect(data.page.active).toBe(false);
    expect(data.page.products).toEqual([]);
    const html = render(`/${inactive.username}/embed`, data);
    expect(html).toContain(getServerI18n("mk").t("store:inactive"));

    const hidden = await createTestStore(database, { onboardingStep: 2 });
    const params = { username: hidden.username };
    expect(
      await statusOf(() =>
        call(storeEmbed.loader, {
          request: get(`/${hidden.username}/embed`),
          context: undefined as never,
          params,
        }),
      ),
    ).toBe(404);
    expect(
      await statusOf(() =>
        call(storePage.loader, { request: get(`/${hidden.username}`), context: undefined as never, params }),
      ),
    ).toBe(404);
    const missing = { username: "no-such-store-here" };
    expect(
      await statusOf(() =>
        call(storeEmbed.loader, {
          request: get("/no-such-store-here/embed"),
          context: undefined as never,
          params: missing,
        }),
      ),
    ).toBe(404);
    const [row] = await database.db
      .select({ active: store.active })
      .from(store)
      .where(eq(store.id, inactive.storeId));
    expect(row!.active).toBe(false);
  });
});
