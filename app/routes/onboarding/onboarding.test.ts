import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { user } from "~/db/schema/auth";
import { product } from "~/db/schema/catalog";
import { store } from "~/db/schema/stores";
import { getStorefront } from "~/features/storefront/storefront.server";
import { post, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore, createTestUser } from "../../../tests/support/test-db";
import { action } from "./onboarding";

// The onboarding route's action, posted as a plain form (no browser, no JavaScript).

let database: Database;
beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(async () => {
  await closeDatabase();
});

type Answer = { data?: unknown; init?: { status?: number } | null };
const submit = (userId: string, fields: Record<string, string>) =>
  action({ request: post("/onboarding", fields), context: signedIn(userId), params: {} } as never);
const storeOf = async (ownerId: string) =>
  (await database.db.select().from(store).where(eq(store.ownerId, ownerId)))[0]!;
const productsOf = (storeId: string) =>
  database.db.select().from(product).where(eq(product.storeId, storeId)).orderBy(product.name);

describe("finishing onboarding", () => {
  it("refuses to finish before the phone, company and address are saved, and the store stays private", async () => {
    const owner = await createTestUser(database);
    const username = `shop-${owner.id.slice(0, 8)}`;
    await submit(owner.id, { intent: "store", storeName: "Празна", username });
    const early = (await submit(owner.id, { intent: "finish" })) as Answer;
    expect(early.init?.status).toBe(409);
    expect(early.data).toMatchObject({ ok: false, errors: { form: "errors:onboardingIncomplete" } });

    await submit(owner.id, { intent: "phone", phone: "071 234 567", phonePublic: "on" });
    expect(await statusOf(() => submit(owner.id, { intent: "finish" }))).toBe(409);

    const row = await storeOf(owner.id);
    expect(row.onboardingStep).toBe(3);
    expect(row.companyName).toBe("");
    const [account] = await database.db.select().from(user).where(eq(user.id, owner.id));
    expect(account?.onboarded).toBe(false);
    await expect(getStorefront(database.db, username, { page: 1 })).rejects.toMatchObject({
      code: "storeNotFound",
    });
  });

  it("finishes once the required steps are saved", async () => {
    const shop = await createTestStore(database, {
      onboardingStep: 4,
      address: {
        placeId: "embedded:s-tetovo",
        place: { mk: "Тетово", latin: "Tetovo", sq: "Tetovë" },
        postalCode: "1200",
        street: "ул. Илинденска 12",
        source: "embedded",
      },
    });
    const answer = (await submit(shop.userId, { intent: "finish" })) as Response;
    expect(answer.status).toBe(302);
    expect((await storeOf(shop.userId)).onboardingStep).toBeNull();
  });
});

describe("quick products (step 4)", () => {
  it("saves all rows in one transaction: a failure on row 3 keeps none, and submitting again saves each once", async () => {
    const shop = await createTestStore(database, { onboardingStep: 4 });
    // A database failure on the third row only (a trigger scoped to this test's unique name).
    const boom = `Бум ${randomUUID()}`;
    await database.db.execute(
      sql.raw(`create or replace function onboarding_test_boom() returns trigger language plpgsql as $$
        begin if new.name = '${boom}' then raise exception 'disk full'; end if; return new; end $$`),
    );
    await database.db.execute(
      sql.raw(
        "create trigger onboarding_test_boom before insert on product for each row execute function onboarding_test_boom()",
      ),
    );
    const rows = (third: string) => ({
      intent: "products",
      "name.0": "Леб",
      "price.0": "35",
      "name.1": "Млеко",
      "price.1": "75,50",
      "name.2": third,
      "price.2": "120",
    });
    try {
      const failed = (await submit(shop.userId, rows(boom))) as Answer;
      expect(failed.init?.status).toBe(500);
      expect(failed.data).toMatchObject({ ok: false, values: { "name.0": "Леб", "name.2": boom } });
      expect(await productsOf(shop.storeId)).toEqual([]);
      expect((await storeOf(shop.userId)).onboardingStep).toBe(4);
    } finally {
      await database.db.execute(sql.raw("drop trigger onboarding_test_boom on product"));
    }
    expect(await statusOf(() => submit(shop.userId, rows("Сирење")))).toBe(302);
    expect((await productsOf(shop.storeId)).map((row) => row.name)).toEqual(["Леб", "Млеко", "Сирење"]);
    expect((await storeOf(shop.userId)).onboardingStep).toBe(5);
  });

  it("asks VAT (by the kind of goods unless a row says otherwise) and the net quantity", async () => {
    const shop = await createTestStore(database, { onboardingStep: 4 });
    await submit(shop.userId, {
      intent: "products",
      goodsKind: "food",
      "name.0": "Леб",
      "price.0": "35",
      "netQuantity.0": "500",
      "netUnit.0": "g",
      "name.1": "Салфети",
      "price.1": "60",
      "vatRate.1": "18",
    });
    const saved = await productsOf(shop.storeId);
    expect(
      saved.map(({ name, vatRate, netQuantityMilli, netUnit }) => ({
        name,
        vatRate,
        netQuantityMilli,
        netUnit,
      })),
    ).toEqual([
      { name: "Леб", vatRate: "5", netQuantityMilli: 500_000, netUnit: "g" },
      { name: "Салфети", vatRate: "18", netQuantityMilli: null, netUnit: null },
    ]);
  });

  it("refuses a net quantity without its unit on that row's field, and saves nothing", async () => {
    const shop = await createTestStore(database, { onboardingStep: 4 });
    const answer = (await submit(shop.userId, {
      intent: "products",
      "name.0": "Леб",
      "price.0": "35",
      "netQuantity.0": "500",
    })) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, errors: { "netUnit.0": "validation:netUnitRequired" } });
    expect(await productsOf(shop.storeId)).toEqual([]);
  });
});
