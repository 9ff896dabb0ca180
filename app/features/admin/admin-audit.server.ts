import { aliasedTable, and, count, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { auditLog } from "~/db/schema/account-security";
import { user } from "~/db/schema/auth";
import { addDays, skopjeInstant } from "~/lib/calendar";
import { isUuid } from "~/lib/uuid";
import type { AuditFilters } from "./admin-params";
import { containsPattern, offsetOf } from "./admin-search.server";
import type { AdminContext } from "./admin-stores.server";

// The audit log for the admin: newest first, filtered by user, action and Skopje day.
// An impersonation row names both identities: the admin (the row's user) and the person acted as.

export type AdminAuditRow = {
  id: string;
  action: string;
  createdAt: Date;
  userId: string | null;
  userEmail: string | null;
  /** The address the event concerns (a failed sign-in of an unknown address has no user). */
  email: string | null;
  method: string | null;
  ipAddress: string | null;
  details: Record<string, unknown> | null;
  /** The other identity of an admin's action: the user acted as, or the store's owner. */
  onBehalfOfEmail: string | null;
};

const target = aliasedTable(user, "target_user");

/** Audit rows whose address, or whose account's address, contains the text (migration 0015). */
export function auditAddressCondition(text: string): SQL {
  const pattern = containsPattern(text.toLowerCase());
  return sql`${auditLog.id} IN (
      SELECT a.id FROM ${auditLog} a WHERE a.email ILIKE ${pattern}
      UNION SELECT a.id FROM ${auditLog} a WHERE a.user_id IN (SELECT u.id FROM ${user} u WHERE u.email ILIKE ${pattern}))`;
}

function auditWhere(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.user) {
    if (isUuid(filters.user as unknown)) {
      conditions.push(
        or(eq(auditLog.userId, filters.user), sql`${auditLog.details}->>'targetUserId' = ${filters.user}`)!,
      );
    } else if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(filters.user)) {
      // A whole address: its rows by address and by its account, each on its own index.
      const address = filters.user.toLowerCase();
      conditions.push(
        or(
          eq(auditLog.email, address),
          sql`${auditLog.userId} = (SELECT ${user.id} FROM ${user} WHERE ${user.email} = ${address})`,
        )!,
      );
    } else {
      conditions.push(auditAddressCondition(filters.user));
    }
  }
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.from) conditions.push(gte(auditLog.createdAt, skopjeInstant(filters.from, 0, 0)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, skopjeInstant(addDays(filters.to, 1), 0, 0)));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditLogs(
  ctx: AdminContext,
  filters: AuditFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: AdminAuditRow[]; total: number }> {
  const where = auditWhere(filters);
  const [rows, [totalRow]] = await Promise.all([
    ctx.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        createdAt: auditLog.createdAt,
        userId: auditLog.userId,
        userEmail: user.email,
        email: auditLog.email,
        method: auditLog.method,
        ipAddress: auditLog.ipAddress,
        details: auditLog.details,
        onBehalfOfEmail: target.email,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.userId))
      .leftJoin(
        target,
        sql`${target.id} = coalesce(${auditLog.details}->>'targetUserId', ${auditLog.details}->>'ownerId')`,
      )
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    ctx.db.select({ n: count() }).from(auditLog).leftJoin(user, eq(user.id, auditLog.userId)).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}
