import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { priceSnapshot, productReport } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { publicProductsQuery } from "~/features/catalog/public-products.queries.server";
import { countNeedsAttention } from "~/features/compliance/compliance.server";
import { listCalendar } from "~/features/confirmation/confirmation.server";
import { listPromotions } from "~/features/promotions/promotion.server";
import { databaseOfItsOwnForThisFile } from "../../../tests/support/test-db";
import { seedDemoForTest } from "./demo.test-support";
import { DEMO_PRODUCTS } from "./demo-products";

// The demo's history is dated from the injected clock, never from the real date.
process.env.VITRINA_NOW = "2026-11-20T11:00:00Z";
// Vitest sets BASE_URL to "/" (Vite's public base); better-auth needs an absolute URL.
process.env.BASE_URL = "http://localhost:3000";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "vitrina-demo-"));

const database = databaseOfItsOwnForThisFile();

describe("demo store compliance history", () => {
  it("has a month of confirmations with a skipped and a missed day, snapshots and reports", async () => {
    // A PostgreSQL test database may already hold a demo user from another run.
    const seeded = await seedDemoForTest(database.db);
    if (!seeded) return;
    const { storeId, ctx } = seeded;
    const calendar = await listCalendar(ctx, new Date("2026-11-20T11:00:00Z"));
    const states = calendar.map((day) => day.state);
    expect(states.filter((state) => state === "confirmed").length).toBeGreaterThanOrEqual(25);
    expect(states.filter((state) => state === "skipped")).toHaveLength(1);
    expect(states.filter((state) => state === "missed")).toHaveLength(1);
    expect(states.at(-1)).toBe("open");
    const snapshots = await database.db
      .select()
      .from(priceSnapshot)
      .where(eq(priceSnapshot.storeId, storeId));
    // Every one of the 30 past days has an archived price list, the skipped and the missed day too.
    expect(new Set(snapshots.map((snapshot) => snapshot.day)).size).toBe(30);
    // Each ends with its day-end snapshot, so a first start past midnight finds yesterday archived.
    expect(new Set(snapshots.filter((s) => s.kind === "day_end").map((s) => s.day)).size).toBe(30);
    const skippedDay = calendar.find((day) => day.state === "skipped")!.day;
    const missedDay = calendar.find((day) => day.state === "missed")!.day;
    for (const day of [skippedDay, missedDay]) {
      expect(snapshots.find((snapshot) => snapshot.day === day)).toMatchObject({ kind: "day_end" });
    }
    const reports = await database.db.select().from(productReport).where(eq(productReport.storeId, storeId));
    expect(reports.map((r) => r.status).sort()).toEqual(["new", "new", "resolved", "resolved"]);

    // Promotions in every state; the discounted items are a running promotion's goods,
    // shown with the law's type, days and prior price, and no reduction is left without dates.
    const now = new Date("2026-11-20T11:00:00Z");
    const promotions = await listPromotions(ctx, { now });
    expect(promotions.map((p) => p.state).sort()).toEqual(["active", "ended", "scheduled"]);
    expect(promotions.every((p) => p.productCount > 0)).toBe(true);
    const promoted = await publicProductsQuery(database.db, storeId, { filters: { promo: true }, at: now });
    expect(promoted.length).toBe(DEMO_PRODUCTS.filter((p) => p.regularPriceCents !== null).length);
    for (const row of promoted) {
      const listed = DEMO_PRODUCTS.find((p) => p.name === row.name)!;
      expect([row.name, row.priceCents, row.regularPriceCents]).toEqual([
        listed.name,
        listed.priceCents,
        listed.regularPriceCents,
      ]);
      expect(row).toMatchObject({ promotionType: "sales_action", promotionEndsOn: "2026-12-02" });
      expect(row.priorPriceCents).toBe(listed.regularPriceCents);
    }
    expect(await countNeedsAttention(ctx)).toBe(0);

    // Albanian product content is on, and every product has its Albanian name.
    const [demo] = await database.db.select().from(store).where(eq(store.id, storeId));
    expect(demo!.albanianContent).toBe(true);
    const listed = await publicProductsQuery(database.db, storeId, { at: now });
    expect(listed.filter((row) => !row.nameSq).map((row) => row.name)).toEqual([]);
    expect(listed.find((row) => row.name === "Леб бел Жито Лукс 500 г")).toMatchObject({
      nameSq: "Bukë e bardhë Zhito Luks 500 g",
      descriptionSq: "Piqet çdo mëngjes.",
    });
  }, 90_000); // seeds the whole demo store
});
