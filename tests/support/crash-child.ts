// `node child.mjs <scenario> <stopAt> <seed.json>` (the test starts it bundled,
// tests/support/child-bundle.ts): runs one write path of tests/support/crash-scenarios.ts on
// CRASH_DATABASE_URL (PostgreSQL) or CRASH_DATA_DIR (PGlite files), freezes right before the write
// path's stopAt-th statement runs, says "stopped" and waits to be killed with SIGKILL
// (app/db/write-paths-crash.server.test.ts). If the path ends first it says "finished <statements>"
// and exits, and the test fails: its count of the statements was not this run's.

import { readFileSync, writeSync } from "node:fs";
import { openDatabase } from "~/db/client.server";
import { SCENARIOS, type Seed } from "./crash-scenarios";

const [name, stopAtArg, seedFile] = process.argv.slice(2);
const scenario = SCENARIOS[name!];
if (!scenario) throw new Error(`unknown scenario ${name}`);
const stopAt = Number(stopAtArg);
const seed = JSON.parse(readFileSync(seedFile!, "utf8")) as Seed;

let armed = false;
let statements = 0;
const database = await openDatabase({
  url: process.env.CRASH_DATABASE_URL || null,
  dataDir: process.env.CRASH_DATA_DIR,
  logger: {
    logQuery() {
      if (!armed) return;
      statements++;
      if (statements !== stopAt) return;
      // Everything before this statement has run; nothing after it will: the event loop stops here.
      writeSync(1, "stopped\n");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    },
  },
});
await scenario.run(database.db, seed, () => {
  armed = true;
});
armed = false;
await database.close();
writeSync(1, `finished ${statements}\n`);
