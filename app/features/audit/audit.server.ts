import { and, count, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type AuditAction, auditLog } from "~/db/schema/account-security";
import { logger } from "~/lib/logger.server";

export type AuditEntry = {
  action: AuditAction;
  userId?: string | null;
  email?: string | null;
  method?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
};

/** Appends one entry. The log is append-only: this module offers no update or delete. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  try {
    await db.insert(auditLog).values({
      action: entry.action,
      userId: entry.userId ?? null,
      email: entry.email?.trim().toLowerCase() ?? null,
      method: entry.method ?? null,
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent?.slice(0, 512) ?? null,
      details: entry.details ?? null,
    });
  } catch (error) {
    // An audit failure must never lock people out; it is logged loudly instead.
    logger.error({ err: error, action: entry.action }, "audit entry not written");
  }
}

/** How many entries of these actions an address has in the last `windowSeconds`. */
export async function countRecent(
  db: Db,
  email: string,
  actions: AuditAction[],
  windowSeconds: number,
): Promise<number> {
  const since = new Date(Date.now() - windowSeconds * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.email, email.trim().toLowerCase()),
        inArray(auditLog.action, actions),
        gt(auditLog.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}
