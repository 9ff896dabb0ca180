import { describe, expect, it, vi } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { feedCacheStats, getLiveFeed } from "./feed.server";

// Decision 0111: the live feeds were held by count only (500 stores), and one 20,000-product store's feeds
// take about 40 MB: memory had no bound. A small budget for this file (read when the module loads).
vi.hoisted(() => {
  process.env.FEED_CACHE_MB = "0.02";
});
const BUDGET = 0.02 * 1024 * 1024;

const database = databaseForThisFile();

describe("the live feeds' memory", () => {
  it("holds at most its byte budget, and every store's feed is still answered in full", async () => {
    for (let i = 0; i < 12; i++) {
      const shop = await createTestStore(database);
      for (let p = 0; p < 4; p++)
        await createProduct(shop.ctx, productInput({ name: `Производ ${i}-${p}`, price: "100" }));
      const feed = await getLiveFeed(database.db, shop.username);
      expect(JSON.parse(feed.json.toString("utf8")).products).toHaveLength(4);
      expect(feedCacheStats().bytes).toBeLessThanOrEqual(BUDGET);
    }
    expect(feedCacheStats().feeds).toBeGreaterThan(0);
    expect(feedCacheStats().feeds).toBeLessThan(12);
  });
});
