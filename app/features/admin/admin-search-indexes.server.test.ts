import { randomUUID } from "node:crypto";
import { type SQL, sql, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/account-security";
import { user } from "~/db/schema/auth";
import { store } from "~/db/schema/stores";
import { databaseForThisFile } from "../../../tests/support/test-db";
import { auditAddressCondition } from "./admin-audit.server";
import { storeSearchCondition } from "./admin-stores.server";
import { userSearchCondition } from "./admin-users.server";

// The admin searches by part of a name, username or address are answered from the
// trigram indexes of migration 0015, not by reading every row. EXPLAIN with sequential and plain
// index scans discouraged shows which indexes the query can use. It plans at an admin's real size:
// with one store in the table (PostgreSQL's shared test database early in a run), driving the
// join from that one row is rightly cheaper, and the email index drops out of the plan (CI failed
// on it once). So each plan pads the tables inside its transaction, analyses them, and rolls back.

const database = databaseForThisFile();

const PADDING = 500;

async function plan(table: typeof store | typeof user | typeof auditLog, condition: SQL): Promise<string> {
  let text = "";
  await database.db
    .transaction(async (tx) => {
      const tag = randomUUID().slice(0, 8);
      await tx.execute(sql`insert into "user" (id, name, email)
        select 'pad-' || ${tag} || '-' || i, 'Padding ' || i, 'pad-' || ${tag} || '-' || i || '@example.test'
        from generate_series(1, ${PADDING}) i`);
      await tx.execute(sql`insert into store (owner_id, username, name, phone, company_name)
        select 'pad-' || ${tag} || '-' || i, 'pad-' || ${tag} || '-' || i, 'Padding ' || i, '+38971234567', 'Padding DOOEL'
        from generate_series(1, ${PADDING}) i`);
      await tx.execute(sql`insert into audit_log (action, user_id, email)
        select 'sign_in', 'pad-' || ${tag} || '-' || i, 'pad-' || ${tag} || '-' || i || '@example.test'
        from generate_series(1, ${PADDING}) i`);
      await tx.execute(sql`analyze store, "user", audit_log`);
      // Only bitmap scans: a search the indexes cannot answer would show a whole-table scan.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      const query = tx.select({ id: table.id }).from(table).where(condition);
      const result = await tx.execute(sql`EXPLAIN SELECT * FROM (${query}) q`);
      const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
      text = rows.map((row) => Object.values(row)[0]).join("\n");
      // Nothing of the padding stays, statistics included (ANALYZE in a transaction rolls back).
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return text;
}

describe("the admin searches use trigram indexes", () => {
  it("stores by part of the name, username, company or owner's address", async () => {
    const text = await plan(store, storeSearchCondition("market"));
    for (const index of [
      "store_name_trgm_idx",
      "store_username_trgm_idx",
      "store_company_name_trgm_idx",
      "user_email_trgm_idx",
    ])
      expect(text, text).toContain(index);
  });

  it("users by part of the address or name, and by their store", async () => {
    const text = await plan(user, userSearchCondition("owner-12"));
    for (const index of ["user_email_trgm_idx", "user_name_trgm_idx", "store_name_trgm_idx"])
      expect(text, text).toContain(index);
  });

  it("audit rows by part of an address", async () => {
    const text = await plan(auditLog, auditAddressCondition("bench.exa"));
    for (const index of ["audit_log_email_trgm_idx", "user_email_trgm_idx"])
      expect(text, text).toContain(index);
  });
});
