import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { activityLog, priceHistory } from "~/db/schema/activity";
import { category, product } from "~/db/schema/catalog";
import { importJob, importMapping } from "~/db/schema/imports";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { csvUtf8Bom } from "~/features/import/fixtures.test-support";
import { createImport } from "~/features/import/import-job.server";
import { get, post, signedIn, startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as uploadRoute from "./import";
import * as jobRoute from "./import-job";
import * as skippedRoute from "./import-skipped";

// Every import route and action with two stores. Their import's id answers 404 on every
// step, and nothing of theirs (products, categories, history, activity, jobs, mappings) changes.

type Args = { request: Request; context: ReturnType<typeof signedIn>; params: Record<string, string> };
const call = (fn: unknown, args: Args) => (fn as (args: Args) => Promise<unknown>)(args);

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let theirJobId: string;

const FILE = csvUtf8Bom(["Назив;Цена;Категорија", "Леб;30;Пекара", "Млеко;;Млечни"]);

async function snapshot() {
  return JSON.stringify({
    products: await database.db.select().from(product).where(eq(product.storeId, theirs.storeId)),
    categories: await database.db.select().from(category).where(eq(category.storeId, theirs.storeId)),
    history: await database.db.select().from(priceHistory).where(eq(priceHistory.storeId, theirs.storeId)),
    activity: await database.db.select().from(activityLog).where(eq(activityLog.storeId, theirs.storeId)),
    jobs: await database.db.select().from(importJob).where(eq(importJob.storeId, theirs.storeId)),
    mappings: await database.db.select().from(importMapping).where(eq(importMapping.storeId, theirs.storeId)),
  });
}

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  await createProduct(theirs.ctx, productInput({ name: "Леб", price: "25" }));
  theirJobId = (await createImport(theirs.ctx, { fileName: "their.csv", bytes: FILE })).id;
});
afterAll(async () => {
  await closeDatabase();
});

describe("another store's import answers 404 and changes nothing", () => {
  it("the wizard page, every step's action and the skipped-rows download", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const url = `/dashboard/products/import/${theirJobId}`;
    const params = { importId: theirJobId };
    for (const step of ["", "?step=preview", "?step=images"]) {
      expect(await statusOf(() => call(jobRoute.loader, { request: get(url + step), context, params }))).toBe(
        404,
      );
    }
    const posts: Record<string, string>[] = [
      { intent: "map", "column.0": "name", "column.1": "price", "column.2": "", encoding: "", delimiter: "" },
      { intent: "start", imageOption: "skip" },
      { intent: "cancel" },
    ];
    for (const fields of posts) {
      expect([
        fields.intent,
        await statusOf(() => call(jobRoute.action, { request: post(url, fields), context, params })),
      ]).toEqual([fields.intent, 404]);
    }
    expect(
      await statusOf(() =>
        call(skippedRoute.loader, { request: get(`${url}/skipped.csv`), context, params }),
      ),
    ).toBe(404);
    for (const bad of ["not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
      expect(
        await statusOf(() =>
          call(jobRoute.loader, {
            request: get(`/dashboard/products/import/${bad}`),
            context,
            params: { importId: bad },
          }),
        ),
      ).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it("an upload and a full import of mine touch only my store", async () => {
    const before = await snapshot();
    const context = signedIn(mine.userId);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(FILE)], "mine.csv", { type: "text/csv" }));
    const answer = await call(uploadRoute.action, {
      request: new Request("http://localhost/dashboard/products/import", { method: "POST", body: form }),
      context,
      params: {},
    });
    const location = (answer as Response).headers.get("Location") ?? "";
    expect(location).toMatch(/^\/dashboard\/products\/import\/[0-9a-f-]{36}$/);
    const jobId = location.split("/").pop()!;
    const params = { importId: jobId };
    const start = await call(jobRoute.action, {
      request: post(location, { intent: "start", imageOption: "skip" }),
      context,
      params,
    });
    expect((start as Response).status).toBe(302);
    // The runner was started in the background; wait until it has finished.
    for (let i = 0; i < 100; i++) {
      const [job] = await database.db.select().from(importJob).where(eq(importJob.id, jobId));
      if (job?.status === "done" || job?.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [job] = await database.db.select().from(importJob).where(eq(importJob.id, jobId));
    expect(job).toMatchObject({ storeId: mine.storeId, status: "done", counts: { added: 1, skipped: 1 } });
    const csv = await call(skippedRoute.loader, { request: get(`${location}/skipped.csv`), context, params });
    expect(await (csv as Response).text()).toContain("Млеко");
    const mineProducts = await database.db.select().from(product).where(eq(product.storeId, mine.storeId));
    expect(mineProducts.map((row) => row.name)).toEqual(["Леб"]);
    expect(await snapshot()).toBe(before);
  });
});
