import type { Db } from "~/db/client.server";
import { grantAdmin } from "~/features/admin/admin-users.server";

// Decision 0092: ADMIN_EMAILS names addresses, and an address is someone's only once it
// is proven (decision 0019). A sign-up with a listed address stays a user until its code is
// entered; the role comes with the proof (a verified e-mail, a code sign-in, Google's verified
// address), and at every start for the listed accounts that are proven (applyAdminEmails).

/** Makes a listed, proven account an admin; a no-op for everyone else. */
export async function grantListedAdmin(
  db: Db,
  adminEmails: readonly string[],
  account: { email: string; emailVerified?: boolean | null; role?: unknown },
): Promise<void> {
  if (!account.emailVerified || account.role === "admin") return;
  if (!adminEmails.includes(account.email.toLowerCase())) return;
  await grantAdmin(db, account.email, "ADMIN_EMAILS", { provenOnly: true });
}
