import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { account } from "~/db/schema/auth";
import { getAuth } from "./auth.server";

/** Whether this is the user's current password (better-auth's own hash check). */
export async function verifyCurrentPassword(userId: string, password: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!row?.hash) return false;
  const context = await getAuth().$context;
  return context.password.verify({ hash: row.hash, password });
}
