// `node --import tsx tests/support/migrate-cluster.ts <dir>`: creates a PGlite cluster in <dir> and
// runs the migrations on it, as a server's first start does (tests/support/migrated-cluster.ts).

import { openDatabase } from "~/db/client.server";

const database = await openDatabase({ url: null, dataDir: process.argv[2]! });
await database.migrate();
await database.close();
