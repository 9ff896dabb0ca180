import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/account-security";
import { user } from "~/db/schema/auth";
import { createTestUser, databaseForThisFile } from "../../../tests/support/test-db";
import { parseAdminCreateArgs, runAdminCreate } from "./admin-create.server";

// Decision 0119: `npm run admin:create` gives the role to a proven address only, unless the
// operator says --unverified.

const database = databaseForThisFile();

async function roleOf(id: string) {
  const [row] = await database.db.select({ role: user.role }).from(user).where(eq(user.id, id));
  return row?.role;
}

function run(...args: string[]) {
  const request = parseAdminCreateArgs(args);
  if (!request) throw new Error(`not a command: ${args.join(" ")}`);
  return runAdminCreate(database.db, request);
}

describe("npm run admin:create", () => {
  it("refuses an account whose address was never proven, and says how to go on", async () => {
    const unproven = await createTestUser(database, { emailVerified: false });
    const outcome = await run(unproven.email);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.message).toMatch(/^Refused: the address .* was never proven/);
    expect(outcome.message).toContain("--unverified");
    expect(await roleOf(unproven.id)).toBe("user");
  });

  it("grants it with --unverified, says so, and the audit log records the flag", async () => {
    const unproven = await createTestUser(database, { emailVerified: false });
    const outcome = await run("--unverified", unproven.email.toUpperCase());
    expect(outcome).toMatchObject({ exitCode: 0 });
    expect(outcome.message).toContain("was never proven (--unverified)");
    expect(await roleOf(unproven.id)).toBe("admin");
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.userId, unproven.id));
    expect(audit).toMatchObject({ action: "admin_granted", method: "npm run admin:create --unverified" });
  });

  it("grants a proven address, and says when there is no such account", async () => {
    const proven = await createTestUser(database, { emailVerified: true });
    expect(await run(proven.email)).toMatchObject({
      exitCode: 0,
      message: `${proven.email} is an admin. Sign in and open /admin.`,
    });
    expect(await roleOf(proven.id)).toBe("admin");
    expect(await run("nobody@example.test")).toMatchObject({ exitCode: 1 });
  });

  it("reads an address and at most the flag", () => {
    expect(parseAdminCreateArgs(["a@b.mk"])).toEqual({ email: "a@b.mk", unverified: false });
    expect(parseAdminCreateArgs(["a@b.mk", "--unverified"])).toEqual({ email: "a@b.mk", unverified: true });
    expect(parseAdminCreateArgs([])).toBeNull();
    expect(parseAdminCreateArgs(["--unverified"])).toBeNull();
    expect(parseAdminCreateArgs(["a@b.mk", "c@d.mk"])).toBeNull();
    expect(parseAdminCreateArgs(["not-an-address"])).toBeNull();
  });
});
