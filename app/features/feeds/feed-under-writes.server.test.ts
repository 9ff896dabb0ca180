import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createProduct, updateProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { PublicStoreCache } from "~/features/storefront/public-store-cache.server";
import { listeningDatabaseForThisFile, settle } from "../../../tests/support/listening-db";
import { createTestStore } from "../../../tests/support/test-db";
import { getLiveFeed } from "./feed.server";
import * as priceLists from "./price-list.server";

// Decision 0100: the soak's prices.json and prices.csv timed out while an import
// was being written, and each visitor after a change built the whole list again.
vi.mock("./price-list.server", async (original) => {
  const actual = await original<typeof import("./price-list.server")>();
  return { ...actual, buildPriceList: vi.fn(actual.buildPriceList) };
});

const { database, versions } = listeningDatabaseForThisFile();
const stores = new PublicStoreCache(versions);
const waited = (ms: number) => new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), ms));

describe("the live feeds while the owner writes", () => {
  it("answers a built feed without waiting for another connection's transaction (PGlite runs one at a time)", async () => {
    const shop = await createTestStore(database);
    await createProduct(shop.ctx, productInput({ name: "Млеко", price: "60" }));
    await settle();
    const before = await getLiveFeed(database.db, shop.username, undefined, stores);

    // An import's transaction, open for as long as it writes.
    let commit!: () => void;
    const open = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let began!: () => void;
    const begun = new Promise<void>((resolve) => {
      began = resolve;
    });
    const importing = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      began();
      await open;
    });
    await begun;
    try {
      const during = await Promise.race([
        getLiveFeed(database.db, shop.username, undefined, stores),
        waited(2_000),
      ]);
      expect(during === "waited" ? during : during.etag).toBe(before.etag);
    } finally {
      commit();
      await importing;
    }
  });

  it("builds a new version once however many visitors ask for it at the same time, and shows the change", async () => {
    const shop = await createTestStore(database);
    const made = await createProduct(shop.ctx, productInput({ name: "Леб", price: "40" }));
    await settle();
    await getLiveFeed(database.db, shop.username, undefined, stores);
    await updateProduct(shop.ctx, made.id, productInput({ name: "Леб", price: "45" }));
    await settle();
    const builds = vi.mocked(priceLists.buildPriceList);
    builds.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => getLiveFeed(database.db, shop.username, undefined, stores)),
    );
    expect(builds).toHaveBeenCalledTimes(1);
    const prices = answers.map((feed) => JSON.parse(feed.json.toString("utf8")).products[0].price);
    expect(new Set(prices)).toEqual(new Set(["45.00"]));
  });
});
