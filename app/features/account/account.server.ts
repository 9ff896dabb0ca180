import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { passkey } from "~/db/schema/account-security";
import { account, user } from "~/db/schema/auth";
import type { Locale } from "~/i18n/config";
import { AppError } from "~/lib/app-error";

// The signed-in person's own account. Every function takes the user id from the session, never
// from the form, so nobody reaches another person's settings, passkeys or linked accounts.

export type AccountOverview = Awaited<ReturnType<typeof getAccountOverview>>;

export async function getAccountOverview(db: Db, userId: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, locale: user.locale })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new AppError("notFound");
  const accounts = await db
    .select({ id: account.id, providerId: account.providerId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(asc(account.createdAt));
  const passkeys = await db
    .select({
      id: passkey.id,
      name: passkey.name,
      createdAt: passkey.createdAt,
      lastUsedAt: passkey.lastUsedAt,
    })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(asc(passkey.createdAt));
  return {
    user: row,
    hasPassword: accounts.some((a) => a.providerId === "credential"),
    linked: accounts.filter((a) => a.providerId !== "credential"),
    passkeys,
  };
}

/**
 * How many ways to sign in remain without the one named: a password, each linked account and
 * each passkey count (an e-mail code always works too, but only as long as the address is
 * reachable, so it is not counted as a way in of its own).
 */
export async function waysInWithout(
  db: Db,
  userId: string,
  without: { accountId: string } | { passkeyId: string },
): Promise<number> {
  const [accounts] = await db
    .select({ n: count() })
    .from(account)
    .where(
      "accountId" in without
        ? and(eq(account.userId, userId), ne(account.id, without.accountId))
        : eq(account.userId, userId),
    );
  const [keys] = await db
    .select({ n: count() })
    .from(passkey)
    .where(
      "passkeyId" in without
        ? and(eq(passkey.userId, userId), ne(passkey.id, without.passkeyId))
        : eq(passkey.userId, userId),
    );
  return (accounts?.n ?? 0) + (keys?.n ?? 0);
}

export async function setLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(user).set({ locale, updatedAt: new Date() }).where(eq(user.id, userId));
}

export async function setName(db: Db, userId: string, name: string): Promise<void> {
  await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** Whether the account has a password (a credential account). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return (row?.n ?? 0) > 0;
}
