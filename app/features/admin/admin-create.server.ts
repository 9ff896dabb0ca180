import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { grantAdmin } from "./admin-users.server";

// `npm run admin:create -- owner@example.mk [--unverified]` (scripts/create-admin.ts). Decision 0119:
// an address nobody proved may have been registered by anyone (a sign-up needs no access to the
// mailbox until its code is entered), so the role goes to a proven address only, unless the operator
// says --unverified and is told what that means.

export const UNVERIFIED_FLAG = "--unverified";

export type AdminCreateOutcome = { exitCode: 0 | 1; message: string };

export const ADMIN_CREATE_USAGE = `usage: npm run admin:create -- email@example.mk [${UNVERIFIED_FLAG}]`;

export type AdminCreateRequest = { email: string; unverified: boolean };

/** The command's arguments (after `--`); null when they are not an address and at most the flag. */
export function parseAdminCreateArgs(args: string[]): AdminCreateRequest | null {
  const rest = args.filter((arg) => arg !== UNVERIFIED_FLAG);
  const email = rest[0]?.trim().toLowerCase();
  if (rest.length !== 1 || !email?.includes("@")) return null;
  return { email, unverified: args.includes(UNVERIFIED_FLAG) };
}

/** Grants the role when the address is proven (or --unverified); what to print and the exit code. */
export async function runAdminCreate(
  db: Db,
  { email, unverified }: AdminCreateRequest,
): Promise<AdminCreateOutcome> {
  const [account] = await db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email));
  if (!account) {
    return {
      exitCode: 1,
      message: `No account has the address ${email}. Sign up first, then run this again.`,
    };
  }
  if (!account.emailVerified && !unverified) {
    return {
      exitCode: 1,
      message:
        `Refused: the address ${email} was never proven (nobody entered the code mailed to it), so anyone ` +
        "may have registered it. Have its owner sign in with a code sent to it, then run this again; " +
        `or, if you know the account is yours, run it with ${UNVERIFIED_FLAG}.`,
    };
  }
  // The audit log names the command that granted the role, as an admin reading it would type it.
  const method = "npm run admin:create";
  await grantAdmin(db, email, account.emailVerified ? method : `${method} ${UNVERIFIED_FLAG}`);
  return {
    exitCode: 0,
    message: account.emailVerified
      ? `${email} is an admin. Sign in and open /admin.`
      : `${email} is an admin, although its address was never proven (${UNVERIFIED_FLAG}). Sign in and open /admin.`,
  };
}
