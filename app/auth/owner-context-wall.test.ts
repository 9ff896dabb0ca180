import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { product } from "~/db/schema/catalog";
import { addProducts } from "~/features/catalog/product.test-support";
import { setEveryPricePastTheWriter } from "~/features/catalog/raw-product-statements.test-support";
import { signedIn, startRouteDatabase } from "../../tests/support/route-harness";
import { createTestStore } from "../../tests/support/test-db";
import { requireOwnerStore } from "./guards.server";

// Decision 0083: what a dashboard route gets from the one guard is walled to the signed-in
// owner's store, whatever a query forgets.

let database: Database;
beforeAll(async () => {
  database = await startRouteDatabase();
});
afterAll(closeDatabase);

describe("the owner context a route gets", () => {
  it("reaches only the owner's store's rows, even with no store filter, and cannot write another's", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    await addProducts(mine.ctx, [{ name: "Мое", priceCents: 100 }]);
    await addProducts(theirs.ctx, [{ name: "Туѓо", priceCents: 200 }]);
    const { ctx } = await requireOwnerStore(signedIn(mine.userId));
    const all = await ctx.db.select({ name: product.name }).from(product);
    expect(all).toEqual([{ name: "Мое" }]);
    // The statement a careless module would run, past the writer: the wall, not the writer, stops it.
    expect(await setEveryPricePastTheWriter(ctx.db, 1, [theirs.storeId])).toEqual([]);
    const [theirProduct] = await database.db
      .select({ priceCents: product.priceCents })
      .from(product)
      .where(eq(product.storeId, theirs.storeId));
    expect(theirProduct).toEqual({ priceCents: 200 });
  });
});
