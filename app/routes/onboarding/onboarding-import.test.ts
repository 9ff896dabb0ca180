import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { product } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";
import { addProducts } from "~/features/catalog/product.test-support";
import { insertLibraryRows, uniqueWord } from "~/features/library/library.test-support";
import type { StoreContext } from "~/lib/service-context";
import { navigationRedirect } from "~/navigation/rules";
import { call, get, post, signedIn, startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as galleryRoute from "../dashboard/image-gallery";
import * as importRoute from "../dashboard/import";
import * as dashboardLayout from "../dashboard/layout";
import * as onboardingRoute from "./onboarding";

// Onboarding links to two dashboard pages before it is finished: the import (step 4) and the image
// library (step 5). Both must open, and lead back to onboarding with what was done there.

let database: Database;
beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(async () => {
  await closeDatabase();
});

const newcomer = { onboarded: false };
const address = {
  placeId: "embedded:s-tetovo",
  place: { mk: "Тетово", latin: "Tetovo", sq: "Tetovë" },
  postalCode: "1200",
  street: "ул. Илинденска 12",
  source: "embedded" as const,
};
const inOnboarding = (step: number) => createTestStore(database, { onboardingStep: step, address });
const productsOf = (ctx: StoreContext, names: string[]) =>
  addProducts(
    ctx,
    names.map((name) => ({ name })),
  );

describe("the import from onboarding step 4", () => {
  it("opens in onboarding's frame, and step 4 then goes on to the imported products' images", async () => {
    const shop = await inOnboarding(4);
    const context = signedIn(shop.userId);
    // The navigation rules let the import through, and its page answers (no bounce to /onboarding).
    expect(navigationRedirect("/dashboard/products/import", newcomer)).toBeNull();
    const layout = await call<{ data: { onboarding: { step: number } | null } }>(dashboardLayout.loader, {
      request: get("/dashboard/products/import"),
      context,
      params: {},
    });
    expect(layout.data.onboarding).toEqual({ step: 4 });
    const page = await call<{ activeId: string | null }>(importRoute.loader, {
      request: get("/dashboard/products/import"),
      context,
      params: {},
    });
    expect(page.activeId).toBeNull();

    // What the import wrote, as its commit leaves it.
    await productsOf(shop.ctx, ["Ајвар домашен 350 г", "Брашно Тип 400 1 кг", "Млеко 1 л"]);
    const step4 = await call<{ step: number; existingProducts: number }>(onboardingRoute.loader, {
      request: get("/onboarding"),
      context,
      params: {},
    });
    expect(step4).toMatchObject({ step: 4, existingProducts: 3 });

    const answer = await call<Response>(onboardingRoute.action, {
      request: post("/onboarding", { intent: "skip-products" }),
      context,
      params: {},
    });
    expect(answer.headers.get("location")).toBe("/onboarding?step=5");
    const step5 = await call<{ step: number; product: { name: string }; index: number; total: number }>(
      onboardingRoute.loader,
      { request: get("/onboarding?step=5&i=1"), context, params: {} },
    );
    // The second of the three in name order.
    expect(step5).toMatchObject({ step: 5, index: 1, total: 3, product: { name: "Брашно Тип 400 1 кг" } });
  });

  it("walks every product of an imported till file in step 5, in name order, not only the first 50", async () => {
    const shop = await inOnboarding(5);
    const names = Array.from({ length: 300 }, (_, i) => `Артикл ${String(i + 1).padStart(3, "0")}`);
    // Imported in the till's order, which is not the names' order: Ѓ sorts after А in Macedonian.
    await productsOf(shop.ctx, ["Ѓевреци", ...names.slice(0, 299)]);
    const at = (i: number) =>
      call<{ product: { name: string }; index: number; total: number }>(onboardingRoute.loader, {
        request: get(`/onboarding?step=5&i=${i}`),
        context: signedIn(shop.userId),
        params: {},
      });
    expect(await at(0)).toMatchObject({ index: 0, total: 300, product: { name: "Артикл 001" } });
    expect(await at(299)).toMatchObject({ index: 299, total: 300, product: { name: "Ѓевреци" } });
    expect(await at(1000)).toMatchObject({ index: 299, total: 300 });
  });

  it("sends an owner whose required steps are not saved to the first missing one", async () => {
    const shop = await createTestStore(database, { onboardingStep: 2, phone: "" });
    const redirect = await call<Response>(dashboardLayout.loader, {
      request: get("/dashboard/products/import"),
      context: signedIn(shop.userId),
      params: {},
    }).catch((thrown: Response) => thrown);
    expect(redirect.headers.get("location")).toBe("/onboarding?step=2");
  });

  it("keeps the full dashboard for an onboarded store", async () => {
    const shop = await createTestStore(database);
    const layout = await call<{ data: { onboarding: unknown; store: { username: string } } }>(
      dashboardLayout.loader,
      { request: get("/dashboard/products"), context: signedIn(shop.userId), params: {} },
    );
    expect(layout.data.onboarding).toBeNull();
    expect(layout.data.store.username).toBe(shop.username);
  });
});

describe("library picks in onboarding step 5", () => {
  it("assigns the image and returns to the same product of step 5", async () => {
    const shop = await inOnboarding(5);
    const [, second] = await productsOf(shop.ctx, ["Леб бел", "Леб црн"]);
    const [entry] = await insertLibraryRows(database.db, [{ name: `Леб ${uniqueWord()}` }]);
    expect(navigationRedirect("/dashboard/image-gallery", newcomer)).toBeNull();
    const context = signedIn(shop.userId);
    const answer = await call<Response>(galleryRoute.action, {
      request: post("/dashboard/image-gallery", {
        intent: "assign",
        entryId: entry!.id,
        productId: second!.id,
        back: "/onboarding?step=5&i=1",
      }),
      context,
      params: {},
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/onboarding?step=5&i=1");
    const [row] = await database.db.select().from(product).where(eq(product.id, second!.id));
    expect(row!.imageUrl).toBeTruthy();
    // The library's page itself ("Search the whole library") opens for this product too.
    const page = await call<{ targets: { id: string }[]; back: string | null }>(galleryRoute.loader, {
      request: get(
        `/dashboard/image-gallery?for=${second!.id}&back=${encodeURIComponent("/onboarding?step=5&i=1")}`,
      ),
      context,
      params: {},
    });
    expect(page.targets.map((target) => target.id)).toEqual([second!.id]);
    expect(page.back).toBe("/onboarding?step=5&i=1");
  });

  it("without a way back, returns to step 5, never to a product page that is not open yet", async () => {
    const shop = await inOnboarding(5);
    const [only] = await productsOf(shop.ctx, ["Сирење"]);
    const [entry] = await insertLibraryRows(database.db, [{ name: `Сирење ${uniqueWord()}` }]);
    const answer = await call<Response>(galleryRoute.action, {
      request: post("/dashboard/image-gallery", {
        intent: "assign",
        entryId: entry!.id,
        productId: only!.id,
      }),
      context: signedIn(shop.userId),
      params: {},
    });
    expect(answer.headers.get("location")).toBe("/onboarding?step=5");
    const [current] = await database.db.select().from(store).where(eq(store.id, shop.storeId));
    expect(current!.onboardingStep).toBe(5);
  });
});
