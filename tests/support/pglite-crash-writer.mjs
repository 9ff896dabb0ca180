// A process that writes into a PGlite data directory as fast as it can, to be killed with
// SIGKILL at a random moment (app/db/pglite-crash.server.test.ts). Each transaction adds 20 products
// of one batch and raises the prices of the previous batch; after its commit the batch number is
// written to stdout, so the test knows which batches must have survived.
// Plain JavaScript: started with `node`, without a TypeScript loader, so it is writing within a second.
import { writeSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const [dataDir, storeId, firstBatch] = process.argv.slice(2);
const db = new PGlite({ dataDir, extensions: { pg_trgm, btree_gist } });
await db.waitReady;
writeSync(1, "ready\n");
for (let batch = Number(firstBatch); ; batch++) {
  await db.transaction(async (tx) => {
    const values = [];
    const params = [storeId];
    for (let i = 0; i < 20; i++) {
      params.push(`batch-${batch}-${i}`, 100 + i);
      values.push(`($1, $${params.length - 1}, $${params.length})`);
    }
    await tx.query(`insert into product (store_id, name, price_cents) values ${values.join(", ")}`, params);
    await tx.query("update product set price_cents = price_cents + 1 where store_id = $1 and name like $2", [
      storeId,
      `batch-${batch - 1}-%`,
    ]);
  });
  writeSync(1, `committed ${batch}\n`);
}
