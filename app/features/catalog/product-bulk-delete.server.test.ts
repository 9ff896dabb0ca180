import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { createProduct } from "./product.server";
import { productInput } from "./product.test-support";
import { bulkActionSchema } from "./product-bulk.schema";
import { runBulkAction } from "./product-bulk.server";

// A bulk delete without the browser's dialog (no JavaScript) deleted at once. The server
// now answers what it would delete and deletes only when that exact list is confirmed (decision 0047).

const database = databaseForThisFile();

const bulk = (input: Record<string, unknown>) =>
  bulkActionSchema.parse({ action: "delete", scope: "ids", ...input });

async function names(ctx: StoreContext) {
  const rows = await database.db
    .select({ name: product.name })
    .from(product)
    .where(eq(product.storeId, ctx.storeId))
    .orderBy(product.name);
  return rows.map((row) => row.name);
}

async function deletionOf(ctx: StoreContext, input: Record<string, unknown>) {
  const result = await runBulkAction(ctx, bulk(input));
  if (!("deletion" in result)) throw new Error("the bulk delete ran without being confirmed");
  return result;
}

async function shop(...productNames: string[]) {
  const store = await createTestStore(database);
  const ids: string[] = [];
  for (const name of productNames) ids.push((await createProduct(store.ctx, productInput({ name }))).id);
  return { ...store, ids };
}

describe("bulk delete confirmed by the server", () => {
  it("without a confirmation deletes nothing and states the count and the first names in alphabetical order", async () => {
    const { ctx, ids } = await shop(
      "Џем",
      "Банани",
      "Јаболка",
      "Аронија",
      "Љути пиперки",
      "Ѓомлезе",
      "Ѕвезда",
    );
    const answer = await deletionOf(ctx, { ids });
    expect(answer).toMatchObject({
      stale: false,
      deletion: {
        selected: 7,
        examples: ["Аронија", "Банани", "Ѓомлезе", "Ѕвезда", "Јаболка"],
      },
    });
    expect(answer.deletion.plan).toMatch(/^[0-9a-f]{64}$/);
    expect(await names(ctx)).toHaveLength(7);
    const deletedRows = await database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.storeId, ctx.storeId), eq(activityLog.type, "products_bulk_deleted")));
    expect(deletedRows).toEqual([]);
  });

  it("the confirmation deletes exactly the products it was shown", async () => {
    const { ctx, ids } = await shop("А", "Б", "В");
    const selection = { ids: [ids[0]!, ids[1]!] };
    const { deletion } = await deletionOf(ctx, selection);
    expect(await runBulkAction(ctx, bulk({ ...selection, plan: deletion.plan }))).toMatchObject({ count: 2 });
    expect(await names(ctx)).toEqual(["В"]);
  });

  it("everything matching a filter: a product added after the step makes it stale and deletes nothing", async () => {
    const { ctx } = await shop("Млеко 1", "Млеко 2", "Леб");
    const selection = { scope: "all", query: "q=Млеко" };
    const { deletion } = await deletionOf(ctx, selection);
    expect(deletion.selected).toBe(2);
    await createProduct(ctx, productInput({ name: "Млеко 3" }));
    const again = await deletionOf(ctx, { ...selection, plan: deletion.plan });
    expect(again).toMatchObject({ stale: true, deletion: { selected: 3 } });
    expect(await names(ctx)).toEqual(["Леб", "Млеко 1", "Млеко 2", "Млеко 3"]);
    expect(await runBulkAction(ctx, bulk({ ...selection, plan: again.deletion.plan }))).toMatchObject({
      count: 3,
    });
    expect(await names(ctx)).toEqual(["Леб"]);
  });

  it("a made-up digest deletes nothing", async () => {
    const { ctx, ids } = await shop("А", "Б");
    const answer = await deletionOf(ctx, { ids, plan: "0".repeat(64) });
    expect(answer.stale).toBe(true);
    expect(await names(ctx)).toEqual(["А", "Б"]);
  });

  it("the browser's dialog is the one step: confirmed there, it deletes at once", async () => {
    const { ctx, ids } = await shop("А", "Б");
    expect(await runBulkAction(ctx, bulk({ ids, confirmed: "dialog" }))).toMatchObject({ count: 2 });
    expect(await names(ctx)).toEqual([]);
  });
});
