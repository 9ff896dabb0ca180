// `npm run admin:create -- owner@example.mk [--unverified]`: makes the account with this address an
// admin (decision 0044). The account must exist (sign up first) and its address must be proven, unless
// --unverified is given (decision 0119). Uses DATA_DIR / DATABASE_URL like the server; stop a
// server that runs on the same PGlite data directory first (one process per directory).
import { closeDatabase, startDatabase } from "~/db/db.server";
import {
  ADMIN_CREATE_USAGE,
  parseAdminCreateArgs,
  runAdminCreate,
} from "~/features/admin/admin-create.server";
import { ownerOnlyFiles } from "~/lib/data-dir.server";

// Decision 0119: what this writes under DATA_DIR is the operator's only.
ownerOnlyFiles();

const request = parseAdminCreateArgs(process.argv.slice(2));
if (!request) {
  console.error(ADMIN_CREATE_USAGE);
  process.exit(2);
}
const database = await startDatabase();
try {
  const outcome = await runAdminCreate(database.db, request);
  (outcome.exitCode === 0 ? console.log : console.error)(outcome.message);
  process.exitCode = outcome.exitCode;
} finally {
  await closeDatabase();
}
