import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "~/db/schema/activity";
import { createProduct, updateProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { bulkActionSchema } from "~/features/catalog/product-bulk.schema";
import { runBulkAction } from "~/features/catalog/product-bulk.server";
import { createCategory } from "~/features/categories/category.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { exportActivityCsv } from "./activity-export.server";
import { listActivity } from "./activity-list.server";
import { parseActivityFilters } from "./activity-params";

const database = databaseForThisFile();

const form = productInput;
const filters = (query: string) => parseActivityFilters(new URLSearchParams(query));
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key;

describe("activity log", () => {
  it("lists newest first and filters by type, category, product search and Skopje days", async () => {
    const { ctx } = await createTestStore(database);
    const bread = await createCategory(ctx, { name: "Пекара" });
    const loaf = await createProduct(ctx, form({ name: "Леб бел", categoryId: bread.id }));
    await createProduct(ctx, form({ name: "Млеко" }));
    await updateProduct(ctx, loaf.id, form({ name: "Леб бел", price: "45", categoryId: bread.id }));

    const all = await listActivity(ctx, filters(""), 1, 50);
    expect(all.total).toBe(4);
    expect(all.rows[0]!.type).not.toBe("product_added");
    expect((await listActivity(ctx, filters("type=price_updated"), 1, 50)).rows).toMatchObject([
      { details: { name: "Леб бел", oldPriceCents: 10000, newPriceCents: 4500 }, categoryName: "Пекара" },
    ]);
    expect((await listActivity(ctx, filters(`category=${bread.id}`), 1, 50)).total).toBe(3);
    expect((await listActivity(ctx, filters("q=MLEKO"), 1, 50)).total).toBe(1);
    expect((await listActivity(ctx, filters("q=млеко&type=price_updated"), 1, 50)).total).toBe(0);
    expect((await listActivity(ctx, filters("from=2000-01-01&to=2000-01-31"), 1, 50)).total).toBe(0);
    expect((await listActivity(ctx, filters("from=2000-01-01&to=2999-12-31"), 1, 50)).total).toBe(4);
    expect((await listActivity(ctx, filters(""), 2, 2)).rows).toHaveLength(2);
  });

  it("counts whole days in Skopje: 23:30 UTC on 1 March is 2 March in Skopje", async () => {
    const { ctx, storeId } = await createTestStore(database);
    await database.db.insert(activityLog).values({
      storeId,
      type: "product_added",
      details: { name: "Ноќен" },
      createdAt: new Date("2026-03-01T23:30:00Z"),
    });
    expect((await listActivity(ctx, filters("from=2026-03-02&to=2026-03-02"), 1, 50)).total).toBe(1);
    expect((await listActivity(ctx, filters("from=2026-03-01&to=2026-03-01"), 1, 50)).total).toBe(0);
  });

  it("exports the filtered rows as CSV with a BOM and neutralised formulas", async () => {
    const { ctx } = await createTestStore(database);
    await createProduct(ctx, form({ name: "=HYPERLINK(1)" }));
    const leb = await createProduct(ctx, form({ name: "Леб, бел" }));
    await runBulkAction(
      ctx,
      bulkActionSchema.parse({ action: "delete", scope: "ids", ids: [leb.id], confirmed: "dialog" }),
    );
    const csv = await exportActivityCsv(ctx, filters(""), t, "mk");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      "activity:columns.date,activity:columns.type,activity:columns.product,activity:columns.category,activity:columns.oldPrice,activity:columns.newPrice,activity:columns.details",
    );
    expect(lines[1]).toContain("activity:types.products_bulk_deleted");
    expect(lines[1]).toContain('"Леб, бел"');
    expect(csv).toContain(",'=HYPERLINK(1),");
    // A bulk deletion is found by any of the deleted products' names.
    expect((await listActivity(ctx, filters("q=LEB"), 1, 50)).rows.map((row) => row.type)).toContain(
      "products_bulk_deleted",
    );
    const filtered = await exportActivityCsv(ctx, filters("type=product_added&q=leb"), t, "en");
    expect(filtered.slice(1).trimEnd().split("\r\n")).toHaveLength(2);
    await expect(exportActivityCsv(ctx, filters("type=price_update_error"), t, "en")).rejects.toMatchObject({
      code: "noDataToExport",
    });
  });

  it("never shows or exports another store's activity", async () => {
    const mine = await createTestStore(database);
    const theirs = await createTestStore(database);
    const foreignCategory = await createCategory(theirs.ctx, { name: "Туѓа" });
    await createProduct(theirs.ctx, form({ name: "Туѓ", categoryId: foreignCategory.id }));
    expect((await listActivity(mine.ctx, filters(`category=${foreignCategory.id}`), 1, 50)).total).toBe(0);
    expect((await listActivity(mine.ctx, filters(""), 1, 50)).total).toBe(0);
    await expect(exportActivityCsv(mine.ctx, filters(""), t, "en")).rejects.toMatchObject({
      code: "noDataToExport",
    });
    const rows = await database.db.select().from(activityLog).where(eq(activityLog.storeId, theirs.storeId));
    expect(rows).toHaveLength(1);
  });
});
