// `node [-r tests/support/kill-after-pg-version.cjs] tests/support/vite-run.mjs tests/support/pglite-open-child.ts <dir> [write]`:
// (the test starts it bundled, tests/support/child-bundle.ts)
// opens the PGlite folder as the server does (openDatabase), says "open"; with "write", commits
// batches of 20 rows into crash_probe for ever, saying "committed <n>" after each
// (app/db/pglite-data-dir.server.test.ts kills it with SIGKILL).
import { writeSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";

const [dataDir, mode] = process.argv.slice(2);
const database = await openDatabase({ url: null, dataDir });
writeSync(1, "open\n");
if (mode === "write") {
  await database.db.execute(sql`create table if not exists crash_probe (batch int not null, n int not null)`);
  for (let batch = 1; ; batch++) {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into crash_probe select ${batch}, n from generate_series(1, 20) n`);
    });
    writeSync(1, `committed ${batch}\n`);
  }
}
await database.close();
writeSync(1, "closed\n");
