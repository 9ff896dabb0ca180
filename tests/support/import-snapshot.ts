// `npx tsx tests/support/import-snapshot.ts <dataDir>`: prints the demo store's catalogue (products,
// categories, price history, activity) and its import jobs' states as JSON, read straight from the
// PGlite files of a stopped server (the kill -9 test compares it before and after).

import { createHash } from "node:crypto";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { activityLog, priceHistory } from "~/db/schema/activity";
import { category, product } from "~/db/schema/catalog";
import { importJob } from "~/db/schema/imports";
import { store } from "~/db/schema/stores";

const dataDir = process.argv[2]!;
const database = await openDatabase({ url: null, dataDir: path.join(dataDir, "pglite") });
const { db } = database;
const [demo] = await db.select({ id: store.id }).from(store).where(eq(store.username, "demo"));
const storeId = demo!.id;
const products = await db.select().from(product).where(eq(product.storeId, storeId)).orderBy(asc(product.id));
const categories = await db
  .select()
  .from(category)
  .where(eq(category.storeId, storeId))
  .orderBy(asc(category.id));
const history = await db
  .select()
  .from(priceHistory)
  .where(eq(priceHistory.storeId, storeId))
  .orderBy(asc(priceHistory.id));
const activity = await db
  .select()
  .from(activityLog)
  .where(eq(activityLog.storeId, storeId))
  .orderBy(asc(activityLog.id));
const jobs = await db
  .select({ id: importJob.id, status: importJob.status, error: importJob.error })
  .from(importJob)
  .where(eq(importJob.storeId, storeId));
await database.close();
const catalogue = JSON.stringify({ products, categories, history, activity });
process.stdout.write(
  JSON.stringify({
    products: products.length,
    catalogue: createHash("sha256").update(catalogue).digest("hex"),
    jobs,
  }),
);
