import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/account-security";
import { user } from "~/db/schema/auth";
import { applyAdminEmails } from "~/features/admin/admin-users.server";
import { getConfig } from "~/lib/config.server";
import { authOverHttpForThisFile } from "../../tests/support/auth-http";
import { uniqueEmail } from "./test-helpers";

// Decision 0092: an address in ADMIN_EMAILS is an admin only once it is proven. Anyone
// may sign up with a listed address; until the code mailed to it is entered, the account is a user.

const { database, t, http } = authOverHttpForThisFile();
const PASSWORD = "Tr1cky-horse-battery";

/** A fresh address, listed in this process's ADMIN_EMAILS (the hooks read the list when they run). */
function listedEmail(prefix: string): string {
  const email = uniqueEmail(prefix);
  getConfig().adminEmails.push(email);
  return email;
}

async function accountOf(email: string) {
  const [row] = await database.db
    .select({ id: user.id, role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email));
  return row ?? null;
}

async function grantsOf(userId: string) {
  return database.db
    .select({ method: auditLog.method })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, "admin_granted")));
}

describe("ADMIN_EMAILS grants the admin role once the address is proven", () => {
  it("a password sign-up with a listed address is a user until its code is entered, then an admin", async () => {
    const email = listedEmail("listed-signup");
    const signUp = await http.call("/sign-up/email", { email, password: PASSWORD, name: "Ana" });
    expect(signUp.status).toBe(200);
    const unproven = await accountOf(email);
    expect(unproven).toMatchObject({ role: "user", emailVerified: false });
    expect(await grantsOf(unproven!.id)).toEqual([]);

    const verified = await http.call("/email-otp/verify-email", { email, otp: t.lastCode(email) });
    expect(verified.status).toBe(200);
    expect(await accountOf(email)).toMatchObject({ role: "admin", emailVerified: true });
    expect(await grantsOf(unproven!.id)).toEqual([{ method: "ADMIN_EMAILS" }]);
  });

  it("an attacker's sign-up with a listed address never becomes an admin, and the owner's claim does", async () => {
    const email = listedEmail("listed-attack");
    await http.call("/sign-up/email", { email, password: "Attacker-secret-77", name: "x" });
    // The attacker knows the password but not the code: no session, and no role.
    const signIn = await http.call("/sign-in/email", { email, password: "Attacker-secret-77" });
    expect(signIn.status).toBe(403);
    expect(await accountOf(email)).toMatchObject({ role: "user", emailVerified: false });
    // A start of the server does not grant it either.
    expect(await applyAdminEmails(database.db, [email])).toEqual([]);
    expect(await accountOf(email)).toMatchObject({ role: "user" });
    // The address's owner signs in with a code sent there: proven, and an admin.
    await http.call("/email-otp/send-verification-otp", { email, type: "sign-in" });
    const owner = await http.call("/sign-in/email-otp", { email, otp: t.lastCode(email) });
    expect(owner.status).toBe(200);
    expect(await accountOf(email)).toMatchObject({ role: "admin", emailVerified: true });
  });

  it("an account made by a code sign-in is proven at once, so it is an admin at once", async () => {
    const email = listedEmail("listed-code");
    await http.call("/email-otp/send-verification-otp", { email, type: "sign-in" });
    const created = await http.call("/sign-in/email-otp", { email, otp: t.lastCode(email) });
    expect(created.status).toBe(200);
    const account = await accountOf(email);
    expect(account).toMatchObject({ role: "admin", emailVerified: true });
    expect(await grantsOf(account!.id)).toEqual([{ method: "ADMIN_EMAILS" }]);
  });

  it("at start, listed accounts that are proven become admins; unproven and unlisted ones stay users", async () => {
    const proven = await t.register(uniqueEmail("start-proven"));
    const unlisted = await t.register(uniqueEmail("start-unlisted"));
    const unproven = uniqueEmail("start-unproven");
    await http.call("/sign-up/email", { email: unproven, password: PASSWORD, name: "x" });
    const listed = [proven.email, unproven, uniqueEmail("nobody")];
    expect(await applyAdminEmails(database.db, listed)).toEqual([proven.email]);
    expect(await accountOf(proven.email)).toMatchObject({ role: "admin" });
    expect(await accountOf(unproven)).toMatchObject({ role: "user", emailVerified: false });
    expect(await accountOf(unlisted.email)).toMatchObject({ role: "user" });
  });
});
