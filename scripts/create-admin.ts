// `npm run admin:create -- owner@example.mk`: makes the account with this address an admin (issue 16).
// The account must exist (sign up first). Uses DATA_DIR / DATABASE_URL like the server; stop a
// server that runs on the same PGlite data directory first (one process per directory).
import { closeDatabase, startDatabase } from "~/db/db.server";
import { grantAdmin } from "~/features/admin/admin-users.server";

const email = process.argv[2]?.trim();
if (!email?.includes("@")) {
  console.error("usage: npm run admin:create -- email@example.mk");
  process.exit(2);
}
const database = await startDatabase();
try {
  if (await grantAdmin(database.db, email, "admin:create")) {
    console.log(`${email} is an admin. Sign in and open /admin.`);
  } else {
    console.error(`No account has the address ${email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  }
} finally {
  await closeDatabase();
}
