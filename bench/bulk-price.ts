// `npm run bench:bulk-price`: the bulk price change (+10 % on every product, preview then confirm)
// on one store of 5,000, 10,000 and 20,000 products, each in a fresh store of a fresh PGlite
// database, or of DATABASE_URL's PostgreSQL database when it is set (a throw-away one: each size
// adds a store). Prints each size's preview and confirm time, the confirm's time per 1,000 products
// (flat when the change grows linearly). Decision 0103.
//
//   npm run bench:bulk-price
//   npm run bench:bulk-price -- --sizes 5000,10000,20000,40000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5499/bench npm run bench:bulk-price

import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/client.server";
import { product } from "../app/db/schema/catalog";
import { bulkActionSchema } from "../app/features/catalog/product-bulk.schema";
import { runBulkAction } from "../app/features/catalog/product-bulk.server";
import { searchKey } from "../app/lib/transliterate";
import { createTestStore } from "../tests/support/test-db";

const { values: args } = parseArgs({ options: { sizes: { type: "string", default: "5000,10000,20000" } } });
const sizes = args.sizes.split(",").map(Number);
const url = process.env.DATABASE_URL || null;

async function measure(size: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-bulk-price-"));
  const database = await openDatabase({ url, dataDir: path.join(dir, "pglite") });
  try {
    await database.migrate();
    const shop = await createTestStore(database);
    for (let start = 0; start < size; start += 1000) {
      const values = Array.from({ length: Math.min(1000, size - start) }, (_, k) => {
        const name = `Производ ${start + k}`;
        return {
          storeId: shop.storeId,
          name,
          priceCents: 1000 + ((start + k) % 500) * 10,
          searchText: searchKey(name),
        };
      });
      await database.db.insert(product).values(values);
    }
    const input = (plan: string) =>
      bulkActionSchema.parse({ action: "pricePercent", scope: "all", query: "", value: "10", plan });
    let at = performance.now();
    const preview = (await runBulkAction(shop.ctx, input(""))) as { preview: { plan: string } };
    const previewMs = performance.now() - at;
    at = performance.now();
    const done = (await runBulkAction(shop.ctx, input(preview.preview.plan))) as { count?: number };
    const confirmMs = performance.now() - at;
    if (done.count !== size) throw new Error(`changed ${JSON.stringify(done)} of ${size}`);
    return { previewMs, confirmMs };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`bulk +10 % on ${url ? "PostgreSQL" : "PGlite"}, load average ${loadavg()[0]!.toFixed(1)}`);
console.log("products | preview ms | confirm ms | confirm ms per 1,000");
for (const size of sizes) {
  const { previewMs, confirmMs } = await measure(size);
  console.log(
    `${size} | ${previewMs.toFixed(0)} | ${confirmMs.toFixed(0)} | ${((confirmMs / size) * 1000).toFixed(0)}`,
  );
}
console.log(`load average after: ${loadavg()[0]!.toFixed(1)}`);
