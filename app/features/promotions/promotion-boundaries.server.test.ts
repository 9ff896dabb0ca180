import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { store } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { CatalogueCache } from "~/features/storefront/catalogue-cache.server";
import { getStorefront } from "~/features/storefront/storefront.server";
import { JOBS } from "~/jobs/jobs.server";
import { createScheduler } from "~/jobs/scheduler.server";
import { fixedClock } from "~/lib/clock.server";
import { listeningDatabaseForThisFile, settle } from "../../../tests/support/listening-db";
import { createTestStore } from "../../../tests/support/test-db";
import { savePromotion } from "./promotion.server";
import { promotionInput } from "./promotion.test-support";
import { PROMOTION_BOUNDARY_JOB } from "./promotion-boundaries.server";

const { database, versions } = listeningDatabaseForThisFile();
const cache = new CatalogueCache(versions);

const versionOf = async (storeId: string) =>
  (await database.db.select({ version: store.version }).from(store).where(eq(store.id, storeId)))[0]!.version;

describe("a promotion that starts or ends changes the public page at Skopje midnight", () => {
  it("moves the store's version once at 00:00, so the held catalogue shows the promotional price, then the regular one", async () => {
    const shop = await createTestStore(database);
    const quiet = await createTestStore(database);
    const coffee = await createProduct(shop.ctx, productInput({ name: "Кафе", price: "300" }));
    await createProduct(quiet.ctx, productInput({ name: "Чај", price: "100" }));
    await savePromotion(
      shop.ctx,
      promotionInput([{ productId: coffee.id }], {
        value: "10",
        startsOn: "2027-02-01",
        endsOn: "2027-02-03",
      }),
    );
    const clock = fixedClock("2027-01-31T22:59:00Z"); // 23:59 on 31 January in Skopje
    const scheduler = createScheduler({ db: database.db, clock, jobs: JOBS });
    const price = async () => {
      await settle();
      const page = await getStorefront(database.db, shop.username, { page: 1 }, clock.now(), cache);
      return page.products[0]!.priceCents;
    };

    await scheduler.runNow(PROMOTION_BOUNDARY_JOB);
    expect(await price()).toBe(30_000); // now held in memory
    const before = await versionOf(shop.storeId);
    const quietBefore = await versionOf(quiet.storeId);

    clock.set("2027-01-31T23:00:00Z"); // 00:00 on 1 February
    await scheduler.runNow(PROMOTION_BOUNDARY_JOB);
    expect(await versionOf(shop.storeId)).toBe(before + 1);
    expect(await price()).toBe(27_000);
    // Every minute of the first hour runs it again: nothing more moves.
    clock.set("2027-01-31T23:01:00Z");
    await scheduler.runNow(PROMOTION_BOUNDARY_JOB);
    expect(await versionOf(shop.storeId)).toBe(before + 1);
    expect(await versionOf(quiet.storeId)).toBe(quietBefore);

    clock.set("2027-02-03T22:59:00Z"); // 23:59 on the last day
    expect(await price()).toBe(27_000);
    clock.set("2027-02-03T23:00:00Z"); // 00:00 on 4 February: the promotion has ended
    await scheduler.runNow(PROMOTION_BOUNDARY_JOB);
    expect(await versionOf(shop.storeId)).toBe(before + 2);
    expect(await price()).toBe(30_000);
  });
});
