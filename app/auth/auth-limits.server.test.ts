import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/account-security";
import { verification } from "~/db/schema/auth";
import { openTestDatabase } from "../../tests/support/test-db";
import { createTestAuth, uniqueEmail } from "./test-helpers";

let database: Database;
let t: ReturnType<typeof createTestAuth>;

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestAuth(database);
});

const register = (email: string, password?: string) => t.register(email, password);

const sendCode = (email: string, type = "sign-in", ip?: string) =>
  t.call("/email-otp/send-verification-otp", { email, type }, { ip });
const signInCode = (email: string, otp: string, ip?: string) =>
  t.call("/sign-in/email-otp", { email, otp }, { ip });

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

describe("one-time codes", () => {
  it("are 6 digits, single use, and sign the person in", async () => {
    const email = uniqueEmail();
    await register(email);
    expect((await sendCode(email)).status).toBe(200);
    const code = t.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    // Stored encrypted, never as the plain code.
    const [row] = await database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `sign-in-otp-${email}`));
    expect(row?.value).not.toContain(code!);
    const ok = await signInCode(email, code!);
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().join()).toContain("better-auth.session_token=");
    expect((await signInCode(email, code!)).status).toBe(400);
  });

  it("expire after at most 10 minutes", async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const [row] = await database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `sign-in-otp-${email}`));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    await database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `sign-in-otp-${email}`));
    expect((await signInCode(email, t.lastCode(email)!)).status).toBe(400);
  });

  it("allow 3 wrong tries; the right code is refused after them", async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const code = t.lastCode(email)!;
    for (let i = 0; i < 3; i++) expect((await signInCode(email, wrongCode(code))).status).toBe(400);
    expect((await signInCode(email, code)).ok).toBe(false);
  });

  it("a resend repeats a code nobody tried yet", async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const code = t.lastCode(email)!;
    await sendCode(email);
    expect(t.lastCode(email)).toBe(code);
    expect((await signInCode(email, code)).status).toBe(200);
  });

  it("a resend after a wrong try issues a new code; the old one no longer works", async () => {
    const email = uniqueEmail();
    await sendCode(email);
    const first = t.lastCode(email)!;
    await signInCode(email, wrongCode(first));
    await sendCode(email);
    const second = t.lastCode(email)!;
    expect(second).toMatch(/^\d{6}$/);
    if (second !== first) expect((await signInCode(email, first)).ok).toBe(false);
    expect((await signInCode(email, second)).status).toBe(200);
  });

  it("at most 3 codes per address per 15 minutes, from any IP", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await sendCode(email, "sign-in", `10.1.0.${i}`)).status).toBe(200);
    expect((await sendCode(email, "sign-in", "10.1.0.9")).status).toBe(429);
    expect(t.outbox.filter((m) => m.to === email)).toHaveLength(3);
  });

  it("at most 5 wrong codes per address per 15 minutes across codes, from any IP", async () => {
    const email = uniqueEmail();
    await sendCode(email);
    let code = t.lastCode(email)!;
    for (let i = 0; i < 3; i++) await signInCode(email, wrongCode(code), `10.2.0.${i}`);
    await sendCode(email); // the burnt code is replaced
    code = t.lastCode(email)!;
    await signInCode(email, wrongCode(code), "10.2.1.1");
    await signInCode(email, wrongCode(code), "10.2.1.2");
    // Five wrong codes: even the right one is now refused for this address.
    expect((await signInCode(email, code, "10.2.1.3")).status).toBe(429);
  });

  it("per IP: sending codes is rate-limited in the database", async () => {
    const ip = "10.3.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await sendCode(uniqueEmail(), "sign-in", ip)).status);
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 6).every((s) => s === 200)).toBe(true);
  });

  it("a reset code request answers the same for unknown and registered addresses", async () => {
    const known = uniqueEmail();
    await register(known);
    const a = await t.call("/forget-password/email-otp", { email: known });
    const b = await t.call("/forget-password/email-otp", { email: uniqueEmail("nobody") });
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    expect(t.lastCode(known)).toMatch(/^\d{6}$/);
  });
});

describe("password sign-in", () => {
  it("fails the same way for a wrong password and an unknown address", async () => {
    const email = uniqueEmail();
    await register(email);
    const wrong = await t.call("/sign-in/email", { email, password: "not-the-password" });
    const unknown = await t.call("/sign-in/email", {
      email: uniqueEmail("nobody"),
      password: "not-the-password",
    });
    expect(wrong.status).toBe(unknown.status);
    expect((await wrong.json()).code).toBe((await unknown.json()).code);
  });

  it("per account: 10 failures in 15 minutes lock the address, even from new IPs", async () => {
    const email = uniqueEmail();
    const { password } = await register(email);
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.call("/sign-in/email", { email, password: `wrong-${i}-xx` }, { ip: `10.4.0.${i}` })).status,
      ).toBe(401);
    }
    expect((await t.call("/sign-in/email", { email, password }, { ip: "10.4.1.1" })).status).toBe(429);
    const failures = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.email, email), eq(auditLog.action, "sign_in_failed")));
    expect(failures).toHaveLength(10);
    expect(failures[0]?.ipAddress).toMatch(/^10\.4\.0\./);
  });

  it("per IP: 10 sign-in attempts a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await t.call("/sign-in/email", { email: uniqueEmail(), password: "whatever-1" }, { ip: "10.5.0.1" }))
          .status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("creates a new session on every sign-in", async () => {
    const email = uniqueEmail();
    const { password } = await register(email);
    const a = t.cookieOf(await t.call("/sign-in/email", { email, password }));
    const b = t.cookieOf(await t.call("/sign-in/email", { email, password }));
    expect(a).toContain("better-auth.session_token=");
    expect(a).not.toBe(b);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const email = uniqueEmail();
    await t.call("/sign-up/email", { email, password: "Tr1cky-horse-battery", name: "x" });
    const response = await t.call("/email-otp/verify-email", { email, otp: t.lastCode(email) });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe("passwords", () => {
  it("refuses fewer than 8 or more than 128 characters, and the common ones", async () => {
    for (const password of ["Short1!", "x".repeat(129), "password1", "iloveyou", "Sunshine"]) {
      const response = await t.call("/sign-up/email", { email: uniqueEmail(), password, name: "x" });
      expect(response.status, password).toBe(400);
    }
    expect(
      (await t.call("/sign-up/email", { email: uniqueEmail(), password: "x".repeat(128), name: "x" })).status,
    ).toBe(200);
  });

  it("a password change revokes the other sessions", async () => {
    const email = uniqueEmail();
    const { password, cookie: first } = await register(email);
    const second = t.cookieOf(await t.call("/sign-in/email", { email, password }));
    const changed = await t.call(
      "/change-password",
      { currentPassword: password, newPassword: "Another-long-secret", revokeOtherSessions: true },
      { cookie: second },
    );
    expect(changed.status).toBe(200);
    const firstSession = await t.call("/get-session", undefined, { cookie: first, method: "GET" });
    expect(await firstSession.json()).toBeNull();
    const common = await t.call(
      "/change-password",
      { currentPassword: "Another-long-secret", newPassword: "password1", revokeOtherSessions: true },
      { cookie: t.cookieOf(changed) || second },
    );
    expect(common.status).toBe(400);
  });

  it("records sign-up, sign-in with method and code sent in the audit log", async () => {
    const email = uniqueEmail();
    await register(email);
    await sendCode(email);
    await signInCode(email, t.lastCode(email)!);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.email, email));
    const actions = rows.map((r) => r.action);
    expect(actions).toContain("sign_up");
    expect(actions).toContain("code_sent");
  });
});

describe("code e-mails", () => {
  it("speak the recipient's language, in plain text and HTML", async () => {
    const email = uniqueEmail();
    const response = await t.call("/sign-up/email", {
      email,
      password: "Tr1cky-horse-battery",
      name: "x",
      locale: "sq",
    });
    expect(response.status).toBe(200);
    await sendCode(email);
    const message = t.outbox.filter((m) => m.to === email).at(-1)!;
    const code = t.lastCode(email)!;
    expect(message.subject).toBe(`Kodi juaj i hyrjes në Vitrina: ${code}`);
    expect(message.text).toContain("Kodi vlen 10 minuta");
    expect(message.html).toContain(`>${code}</p>`);
    expect(message.html).toContain('lang="sq"');

    const macedonian = uniqueEmail();
    await register(macedonian);
    await t.call("/forget-password/email-otp", { email: macedonian });
    expect(t.outbox.filter((m) => m.to === macedonian).at(-1)?.subject).toMatch(
      /^Нова лозинка за Витрина: \d{6}$/,
    );
  });
});
