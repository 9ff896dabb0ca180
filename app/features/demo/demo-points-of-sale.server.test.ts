import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { store } from "~/db/schema/stores";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { getArchivedFile } from "~/features/feeds/snapshot.server";
import { listPointsOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { buildPointOfSalePriceList } from "~/features/points-of-sale/point-of-sale-prices.server";
import { databaseOfItsOwnForThisFile } from "../../../tests/support/test-db";
import { seedDemoForTest } from "./demo.test-support";
import { DEMO_TETOVO_EXTRA_CENTS, DEMO_TETOVO_OVERRIDES } from "./demo-points-of-sale.server";

process.env.VITRINA_NOW = "2026-11-20T11:00:00Z";
process.env.BASE_URL = "http://localhost:3000";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "vitrina-demo-"));

const database = databaseOfItsOwnForThisFile();

// The demo store has two points of sale; Tetovo prices a few products its own way and
// does not sell one, so a newcomer sees the feature at once.

describe("the demo's points of sale", () => {
  it("Skopje shows the store's prices; Tetovo overrides a few and leaves one out, also in the archive", async () => {
    const seeded = await seedDemoForTest(database.db);
    if (!seeded) return;
    const points = await listPointsOfSale(seeded.ctx);
    expect(points.map((p) => [p.slug, p.name])).toEqual([
      ["skopje", "Маркет Демо — Скопје"],
      ["tetovo", "Маркет Демо — Тетово"],
    ]);
    const [demo] = await database.db.select().from(store).where(eq(store.id, seeded.storeId));
    const at = new Date("2026-11-20T11:00:00Z");
    const storeWide = await buildPriceList(database.db, demo!, at);
    const skopje = await buildPointOfSalePriceList(database.db, demo!, points[0]!, at);
    const tetovo = await buildPointOfSalePriceList(database.db, demo!, points[1]!, at);
    const prices = (list: typeof storeWide) => new Map(list.products.map((p) => [p.id, p.priceCents]));
    expect(prices(skopje)).toEqual(prices(storeWide));
    const there = prices(tetovo);
    expect(tetovo.products).toHaveLength(storeWide.products.length - 1);
    const differing = storeWide.products.filter((p) => there.has(p.id) && there.get(p.id) !== p.priceCents);
    expect(differing).toHaveLength(DEMO_TETOVO_OVERRIDES);
    for (const p of differing) expect(there.get(p.id)).toBe(p.priceCents + DEMO_TETOVO_EXTRA_CENTS);
    // The archive of a past day holds Tetovo's own list.
    const file = await getArchivedFile(database.db, seeded.storeId, "2026-11-19", "json", "mk", points[1]!);
    expect(JSON.parse(file!.body).pointOfSale.slug).toBe("tetovo");
  });
});
