import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passkey } from "~/db/schema/account-security";
import { account, session, user } from "~/db/schema/auth";
import { getConfig } from "~/lib/config.server";
import { authOverHttpForThisFile } from "../../tests/support/auth-http";
import { SoftAuthenticator } from "../../tests/support/soft-authenticator";
import { uniqueEmail } from "./test-helpers";

// Decision 0019, replayed over HTTP with a WebAuthn authenticator in software.

const { database, t, http } = authOverHttpForThisFile();

const PASSWORD = "Tr1cky-horse-battery";

function authenticator() {
  const base = new URL(getConfig().baseUrl);
  return new SoftAuthenticator(base.origin, base.hostname);
}

/** Registers a passkey for the session in `cookie`; the status of the last step. */
async function addPasskey(key: SoftAuthenticator, cookie: string): Promise<number> {
  const options = await http.call("/passkey/generate-register-options", undefined, { cookie });
  if (options.status !== 200) return options.status;
  const jar = http.cookieJar(cookie, options);
  const verified = await http.call("/passkey/verify-registration", key.register(options.body as never), {
    cookie: jar,
  });
  return verified.status;
}

/** Signs in with the passkey; the answer (200 with a session cookie when it worked). */
async function passkeySignIn(key: SoftAuthenticator) {
  const options = await http.call("/passkey/generate-authenticate-options");
  return http.call("/passkey/verify-authentication", key.authenticate(options.body as never), {
    cookie: http.cookieJar(options),
  });
}

const hasSession = (cookies: string[]) => cookies.some((c) => /^better-auth\.session_token=[^;]+/.test(c));

/**
 * An account as the version before decision 0019 left it: signed up by someone who never proved
 * the address (the attacker, who knows its password), and still signed in.
 */
async function legacyUnprovenAccount(email: string) {
  const made = await t.register(email, "Attacker-secret-77");
  await database.db.update(user).set({ emailVerified: false }).where(eq(user.id, made.id));
  return { userId: made.id, cookie: made.cookie };
}

describe("nothing an unproven account adds survives its owner proving the address", () => {
  it("a sign-up gets no session, so the attacker cannot add a passkey to someone else's address", async () => {
    const victim = uniqueEmail("victim");
    const signUp = await http.call("/sign-up/email", {
      email: victim,
      password: "Attacker-secret-77",
      name: "x",
    });
    expect(signUp.status).toBe(200);
    expect(hasSession(signUp.cookies)).toBe(false);
    const key = authenticator();
    expect(await addPasskey(key, http.cookieJar(signUp))).toBe(401);
    expect(
      await database.db
        .select()
        .from(passkey)
        .innerJoin(user, eq(user.id, passkey.userId))
        .where(eq(user.email, victim)),
    ).toEqual([]);

    // The owner later signs in with a code from their mailbox; the attacker's key opens nothing.
    await http.call("/email-otp/send-verification-otp", { email: victim, type: "sign-in" });
    const owner = await http.call("/sign-in/email-otp", { email: victim, otp: t.lastCode(victim) });
    expect(owner.status).toBe(200);
    expect((await passkeySignIn(key)).status).not.toBe(200);
    // Nor the attacker's password.
    expect(
      (await http.call("/sign-in/email", { email: victim, password: "Attacker-secret-77" })).status,
    ).toBe(401);
  });

  it("an old unproven session may not add a passkey, link an account or change the address", async () => {
    const victim = uniqueEmail("legacy");
    const { cookie } = await legacyUnprovenAccount(victim);
    expect(await addPasskey(authenticator(), cookie)).toBe(403);
    expect((await http.call("/link-social", { provider: "google" }, { cookie })).status).toBe(403);
    expect(
      (await http.call("/email-otp/request-email-change", { newEmail: uniqueEmail("other") }, { cookie }))
        .status,
    ).toBe(403);
    expect((await http.call("/change-email", { newEmail: uniqueEmail("other") }, { cookie })).status).toBe(
      404,
    );
    const signIn = await http.call("/sign-in/email", { email: victim, password: "Attacker-secret-77" });
    // The right password of an unproven address: a code goes to the mailbox, no session.
    expect(signIn.status).toBe(403);
    expect(hasSession(signIn.cookies)).toBe(false);
  });

  it("claiming by code removes the passkeys, linked accounts and sessions an unproven account had", async () => {
    const victim = uniqueEmail("claim");
    const { userId } = await legacyUnprovenAccount(victim);
    const key = authenticator();
    // A passkey the attacker registered before the fix (written as the plugin writes it).
    await database.db.insert(passkey).values({
      id: randomUUID(),
      name: "attacker",
      publicKey: key.cosePublicKeyBase64(),
      userId,
      credentialID: key.credentialIdBase64Url(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    await database.db
      .insert(account)
      .values({ id: randomUUID(), accountId: `g-${randomUUID()}`, providerId: "google", userId });
    // While unproven, the passkey gets no session.
    expect(hasSession((await passkeySignIn(key)).cookies)).toBe(false);

    await http.call("/email-otp/send-verification-otp", { email: victim, type: "sign-in" });
    const owner = await http.call("/sign-in/email-otp", { email: victim, otp: t.lastCode(victim) });
    expect(owner.status).toBe(200);
    expect(await database.db.select().from(passkey).where(eq(passkey.userId, userId))).toEqual([]);
    expect(await database.db.select().from(account).where(eq(account.userId, userId))).toEqual([]);
    const sessions = await database.db.select().from(session).where(eq(session.userId, userId));
    expect(sessions).toHaveLength(1);
    expect((await passkeySignIn(key)).status).toBe(401);
  });

  it("claiming by password reset removes them too, and keeps the new password", async () => {
    const victim = uniqueEmail("reset");
    const { userId } = await legacyUnprovenAccount(victim);
    const key = authenticator();
    await database.db.insert(passkey).values({
      id: randomUUID(),
      name: "attacker",
      publicKey: key.cosePublicKeyBase64(),
      userId,
      credentialID: key.credentialIdBase64Url(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    await http.call("/forget-password/email-otp", { email: victim });
    const reset = await http.call("/email-otp/reset-password", {
      email: victim,
      otp: t.lastCode(victim),
      password: "Owners-new-secret-1",
    });
    expect(reset.status).toBe(200);
    expect(await database.db.select().from(passkey).where(eq(passkey.userId, userId))).toEqual([]);
    expect(await database.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect(
      (await http.call("/sign-in/email", { email: victim, password: "Owners-new-secret-1" })).status,
    ).toBe(200);
    expect((await passkeySignIn(key)).status).toBe(401);
  });
});

describe("a proven account", () => {
  it("keeps its password, passkeys and sessions when its owner signs in by code", async () => {
    const email = uniqueEmail("owner");
    const owner = await t.register(email, PASSWORD);
    const key = authenticator();
    expect(await addPasskey(key, owner.cookie)).toBe(200);

    await http.call("/email-otp/send-verification-otp", { email, type: "sign-in" });
    expect((await http.call("/sign-in/email-otp", { email, otp: t.lastCode(email) })).status).toBe(200);

    expect((await http.call("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    expect(hasSession((await passkeySignIn(key)).cookies)).toBe(true);
    const first = await http.call("/get-session", undefined, { cookie: owner.cookie });
    expect((first.body as { user?: { email: string } } | null)?.user?.email).toBe(email);
  });

  it("an account made before the proof verifies at its next password sign-in and keeps its password", async () => {
    const email = uniqueEmail("old");
    await legacyUnprovenAccount(email);
    const signIn = await http.call("/sign-in/email", { email, password: "Attacker-secret-77" });
    expect(signIn.status).toBe(403);
    const verified = await http.call("/email-otp/verify-email", { email, otp: t.lastCode(email) });
    expect(verified.status).toBe(200);
    expect(hasSession(verified.cookies)).toBe(true);
    expect((await http.call("/sign-in/email", { email, password: "Attacker-secret-77" })).status).toBe(200);
  });

  it("registering a taken address answers like a new one and mails no code", async () => {
    const email = uniqueEmail("taken");
    await t.register(email, PASSWORD);
    const before = t.outbox.filter((m) => m.to === email).length;
    const again = await http.call("/sign-up/email", { email, password: "Someone-else-99", name: "x" });
    const fresh = await http.call("/sign-up/email", {
      email: uniqueEmail("new"),
      password: "Someone-else-99",
      name: "x",
    });
    expect(again.status).toBe(fresh.status);
    const mails = t.outbox.filter((m) => m.to === email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toMatch(/^\d{6}$/m);
  });
});
