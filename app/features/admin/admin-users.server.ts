import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { passkey } from "~/db/schema/account-security";
import { account, session, user } from "~/db/schema/auth";
import { store } from "~/db/schema/stores";
import { recordAudit } from "~/features/audit/audit.server";
import type { UserFilters } from "./admin-params";
import { containsPattern, offsetOf } from "./admin-search.server";
import type { AdminContext } from "./admin-stores.server";

// The admin's users list (the admin menu's "users") and how an account becomes an admin.

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: string;
  createdAt: Date;
  methods: string[];
  lastSignIn: Date | null;
  store: { id: string; name: string; username: string } | null;
};

/** Users whose address, name or store contains the text, index-backed per table (migration 0015). */
export function userSearchCondition(text: string): SQL {
  const p = containsPattern(text);
  return sql`${user.id} IN (
      SELECT u.id FROM ${user} u WHERE u.email ILIKE ${p} OR u.name ILIKE ${p}
      UNION SELECT s.owner_id FROM ${store} s WHERE s.name ILIKE ${p} OR s.username ILIKE ${p})`;
}

function userWhere(filters: UserFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.q) conditions.push(userSearchCondition(filters.q));
  if (filters.role) conditions.push(eq(user.role, filters.role));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listUsers(
  ctx: AdminContext,
  filters: UserFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = userWhere(filters);
  const [rows, [totalRow]] = await Promise.all([
    ctx.db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        role: user.role,
        createdAt: user.createdAt,
        storeId: store.id,
        storeName: store.name,
        storeUsername: store.username,
      })
      .from(user)
      .leftJoin(store, eq(store.ownerId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    ctx.db.select({ n: count() }).from(user).leftJoin(store, eq(store.ownerId, user.id)).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [methods, lastSignIns] = await Promise.all([signInMethods(ctx.db, ids), lastSignInOf(ctx.db, ids)]);
  return {
    total: totalRow?.n ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerified,
      role: row.role,
      createdAt: row.createdAt,
      lastSignIn: lastSignIns.get(row.id) ?? null,
      methods: methods.get(row.id) ?? [],
      store: row.storeId
        ? { id: row.storeId, name: row.storeName ?? "", username: row.storeUsername ?? "" }
        : null,
    })),
  };
}

/**
 * The newest session of one's own per user of the page (an admin's "act as" is not theirs). For the
 * page's ids only: in the page query it would run for every row OFFSET skips too.
 */
async function lastSignInOf(db: Queryable, userIds: string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: session.userId, at: sql<string>`max(${session.createdAt})` })
    .from(session)
    .where(and(inArray(session.userId, userIds), isNull(session.impersonatedBy)))
    .groupBy(session.userId);
  return new Map(rows.map((row) => [row.userId, new Date(row.at)]));
}

/** Password ("credential"), Google and passkeys, per user of the page. */
async function signInMethods(db: Queryable, userIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (userIds.length === 0) return result;
  const add = (userId: string, method: string) => {
    const list = result.get(userId) ?? [];
    if (!list.includes(method)) list.push(method);
    result.set(userId, list);
  };
  const [accounts, keys] = await Promise.all([
    db
      .select({ userId: account.userId, providerId: account.providerId })
      .from(account)
      .where(inArray(account.userId, userIds)),
    db.selectDistinct({ userId: passkey.userId }).from(passkey).where(inArray(passkey.userId, userIds)),
  ]);
  for (const row of accounts) add(row.userId, row.providerId === "credential" ? "password" : row.providerId);
  for (const row of keys) add(row.userId, "passkey");
  return result;
}

/**
 * Makes the account with this address an admin (scripts/create-admin.ts, ADMIN_EMAILS).
 * Returns false when no account has the address (with `provenOnly`, also when its address is not
 * proven: decision 0092); an admin stays one.
 */
export async function grantAdmin(
  db: Db,
  email: string,
  source: string,
  options: { provenOnly?: boolean } = {},
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const [row] = await db
    .select({ id: user.id, role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, address));
  if (!row || (options.provenOnly && !row.emailVerified)) return false;
  if (row.role === "admin") return true;
  await db.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, row.id));
  await recordAudit(db, { action: "admin_granted", userId: row.id, email: address, method: source });
  return true;
}

/**
 * ADMIN_EMAILS (comma-separated), applied at every start to the addresses whose accounts are proven;
 * an address that signs up later is made an admin once it is proven (app/auth/admin-emails.server.ts).
 */
export async function applyAdminEmails(db: Db, emails: string[]): Promise<string[]> {
  const granted: string[] = [];
  for (const email of emails)
    if (await grantAdmin(db, email, "ADMIN_EMAILS", { provenOnly: true })) granted.push(email);
  return granted;
}

export async function getUserForAdmin(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}
