import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pointOfSale } from "~/db/schema/points-of-sale";
import { store } from "~/db/schema/stores";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { pointOfSaleFormSchema } from "./point-of-sale.schema";
import {
  closePointOfSale,
  createPointOfSale,
  findPointOfSaleBySlug,
  getPointOfSale,
  listPointsOfSale,
  updatePointOfSale,
} from "./point-of-sale.server";
import { testAddress } from "./points-of-sale.test-support";

// Decision 0068: a store has one or more points of sale; the first comes with the store.

const database = databaseForThisFile();

const input = (name: string, slug = "") => ({
  name,
  slug,
  address: testAddress("Bitola", "Битола"),
  phone: null,
});

describe("a store's points of sale", () => {
  it("a new store has one point of sale, and onboarding's address becomes its address and slug", async () => {
    const shop = await createTestStore(database);
    const [first, ...rest] = await listPointsOfSale(shop.ctx);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ name: "Test Store", slug: "main", address: null });
    // Onboarding's company step sets the store's address.
    await database.db
      .update(store)
      .set({ address: testAddress("Štip", "Штип") })
      .where(eq(store.id, shop.storeId));
    const [after] = await listPointsOfSale(shop.ctx);
    expect(after!.address?.place.latin).toBe("Štip");
    expect(after!.slug).toBe("stip");
    // Moving the store (settings → store) moves the point of sale that shows its address; the slug stays.
    await database.db
      .update(store)
      .set({ address: testAddress("Tetovo") })
      .where(eq(store.id, shop.storeId));
    const [moved] = await listPointsOfSale(shop.ctx);
    expect(moved).toMatchObject({ slug: "stip", address: { place: { latin: "Tetovo" } } });
  });

  it("a store created with an address starts with that point of sale", async () => {
    const shop = await createTestStore(database, { address: testAddress("Kumanovo", "Куманово") });
    const points = await listPointsOfSale(shop.ctx);
    expect(points.map((p) => [p.slug, p.address?.place.mk])).toEqual([["kumanovo", "Куманово"]]);
  });

  it("adds points of sale with slugs from their names, free and never a store sub-page", async () => {
    const shop = await createTestStore(database);
    const center = await createPointOfSale(shop.ctx, input("Маркет Центар"));
    expect(center.slug).toBe("market-centar");
    const again = await createPointOfSale(shop.ctx, input("Маркет Центар"));
    expect(again.slug).toBe("market-centar-2");
    const prices = await createPointOfSale(shop.ctx, input("Prices"));
    expect(prices.slug).toBe("prices-1");
    const posts = await createPointOfSale(shop.ctx, input("Цени", "posts")).catch((error) => error);
    expect(posts.fields).toEqual({ slug: "validation:pointOfSaleSlug.reserved" });
    const taken = await createPointOfSale(shop.ctx, input("Друг", "market-centar")).catch((error) => error);
    expect(taken.fields).toEqual({ slug: "validation:pointOfSaleSlug.taken" });
    const junk = await createPointOfSale(shop.ctx, input("Друг", "a%2Fb")).catch((error) => error);
    expect(junk.fields).toEqual({ slug: "validation:pointOfSaleSlug.invalidChars" });
    expect((await listPointsOfSale(shop.ctx)).map((p) => p.slug)).toEqual([
      "main",
      "market-centar",
      "market-centar-2",
      "prices-1",
    ]);
  });

  it("the public lookup answers only this store's slug, and null for junk or encoded slashes", async () => {
    const shop = await createTestStore(database);
    const other = await createTestStore(database);
    await createPointOfSale(other.ctx, input("Карпош", "karposh"));
    expect(await findPointOfSaleBySlug(database.db, shop.storeId, "karposh")).toBeNull();
    expect((await findPointOfSaleBySlug(database.db, other.storeId, "karposh"))?.name).toBe("Карпош");
    for (const junk of [
      "karposh/",
      "..%2Fkarposh",
      "karposh%2F",
      "KARPOSH",
      "",
      "x".repeat(5000),
      "karposh\u0000",
    ]) {
      expect(await findPointOfSaleBySlug(database.db, other.storeId, junk)).toBeNull();
    }
  });

  it("another store's point of sale is not found: read, edit or delete", async () => {
    const shop = await createTestStore(database);
    const other = await createTestStore(database);
    const theirs = await createPointOfSale(other.ctx, input("Туѓо"));
    await expect(getPointOfSale(shop.ctx, theirs.id)).rejects.toMatchObject({ code: "notFound" });
    await expect(updatePointOfSale(shop.ctx, theirs.id, input("Мое"))).rejects.toMatchObject({
      code: "notFound",
    });
    await expect(closePointOfSale(shop.ctx, theirs.id)).rejects.toMatchObject({ code: "notFound" });
    await expect(getPointOfSale(shop.ctx, "not-a-uuid")).rejects.toMatchObject({ code: "notFound" });
    expect((await getPointOfSale(other.ctx, theirs.id)).name).toBe("Туѓо");
  });

  it("huge names and phones are refused by the form schema", () => {
    const parsed = pointOfSaleFormSchema.safeParse({
      name: "М".repeat(10_000),
      addressSuggestion: "{}",
      street: "у".repeat(10_000),
      phone: "1".repeat(500),
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ["name", "validation:tooLong"],
        ["street", "validation:tooLong"],
        ["phone", "validation:tooLong"],
      ]),
    );
  });
});

describe("the last point of sale stays", () => {
  it("refuses closing the only one, and closes another", async () => {
    const shop = await createTestStore(database);
    const [first] = await listPointsOfSale(shop.ctx);
    await expect(closePointOfSale(shop.ctx, first!.id)).rejects.toMatchObject({ code: "lastPointOfSale" });
    const second = await createPointOfSale(shop.ctx, input("Втора"));
    await closePointOfSale(shop.ctx, first!.id);
    expect((await listPointsOfSale(shop.ctx)).map((p) => p.id)).toEqual([second.id]);
  });

  it("two concurrent closings of the last two leave one", async () => {
    const shop = await createTestStore(database);
    const [first] = await listPointsOfSale(shop.ctx);
    const second = await createPointOfSale(shop.ctx, input("Втора"));
    const results = await Promise.allSettled([
      closePointOfSale(shop.ctx, first!.id),
      closePointOfSale(shop.ctx, second.id),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await listPointsOfSale(shop.ctx)).toHaveLength(1);
  });

  it("the database refuses deleting every point of sale, whoever writes", async () => {
    const shop = await createTestStore(database);
    await createPointOfSale(shop.ctx, input("Втора"));
    await expect(
      database.db.delete(pointOfSale).where(eq(pointOfSale.storeId, shop.storeId)),
    ).rejects.toThrow();
    expect(await listPointsOfSale(shop.ctx)).toHaveLength(2);
  });

  it("deleting the store deletes its points of sale", async () => {
    const shop = await createTestStore(database);
    await createPointOfSale(shop.ctx, input("Втора"));
    await database.db.delete(store).where(eq(store.id, shop.storeId));
    const left = await database.db.select().from(pointOfSale).where(eq(pointOfSale.storeId, shop.storeId));
    expect(left).toEqual([]);
  });
});
