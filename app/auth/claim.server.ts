import { and, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { passkey } from "~/db/schema/account-security";
import { account, session, user } from "~/db/schema/auth";

// Decision 0019: an address is proven when a code mailed to it is entered. Until then the account
// gets no session, adds no passkey or linked account and changes no address; when its owner proves
// the address by a sign-in code or a password reset ("claims" it), nothing the account gained
// before the proof survives: better-auth removes the password and sessions, this removes the rest.

/** The endpoints whose proof of the address claims an unproven account. */
export const CLAIM_PATHS = new Set(["/sign-in/email-otp", "/email-otp/reset-password"]);

export async function isAddressProven(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  return Boolean(row?.verified);
}

/**
 * Removes the passkeys, linked accounts and sessions of an account that was just claimed. The
 * password stays only on the reset path, where the owner has just chosen it.
 */
export async function removeUnprovenAccess(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passkey).where(eq(passkey.userId, userId));
    await tx.delete(account).where(and(eq(account.userId, userId), ne(account.providerId, "credential")));
    await tx.delete(session).where(eq(session.userId, userId));
  });
}
