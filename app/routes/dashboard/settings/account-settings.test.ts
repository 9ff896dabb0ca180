import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { sessionContext } from "~/auth/session.server";
import { createTestAuth, uniqueEmail } from "~/auth/test-helpers";
import type { Database } from "~/db/client.server";
import { passkey } from "~/db/schema/account-security";
import { user } from "~/db/schema/auth";
import { startRouteDatabase, statusOf } from "../../../../tests/support/route-harness";
import { action } from "./index";

// The e-mail change and passkeys through the real settings action, signed in with a real session
// cookie.

let database: Database;
let t: ReturnType<typeof createTestAuth>;

beforeAll(async () => {
  database = await startRouteDatabase();
  t = createTestAuth(database);
  // The action reaches better-auth through getAuth(): the same instance, with the test's outbox.
  (globalThis as { __vitrinaAuth?: unknown }).__vitrinaAuth = t.auth;
});

async function owner() {
  const email = uniqueEmail("settings");
  const made = await t.register(email, "Tr1cky-horse-battery");
  return { ...made, ip: `10.77.${Math.floor(Math.random() * 250)}.1` };
}

type Owner = Awaited<ReturnType<typeof owner>>;

async function post(who: Owner, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const request = new Request("http://localhost/dashboard/settings?index", {
    method: "POST",
    body: form,
    headers: { cookie: who.cookie, [CLIENT_IP_HEADER]: who.ip },
  });
  const context = new RouterContextProvider();
  context.set(sessionContext, { id: who.id, email: who.email, name: "Owner", onboarded: true, role: "user" });
  const answer = await action({ request, context, params: {} } as never);
  return {
    status: await statusOf(async () => answer),
    body: (answer as { data?: unknown }).data ?? answer,
  };
}

describe("settings: the e-mail form", () => {
  it("counts the current password as a sign-in: 26 guesses, 429 after the limit, also for sign-in", async () => {
    const ana = await owner();
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      const answer = await post(ana, {
        intent: "email",
        newEmail: uniqueEmail("target"),
        currentPassword: `guess-${i}-wrong`,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(16).fill(429));
    // The address is locked for password sign-in too, even with the right password.
    expect((await t.call("/sign-in/email", { email: ana.email, password: ana.password })).status).toBe(429);
  });

  it("changes the address only when the code sent to the new one is entered", async () => {
    const ana = await owner();
    const next = uniqueEmail("moved");
    const asked = await post(ana, { intent: "email", newEmail: next, currentPassword: ana.password });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ ok: true, intent: "email", codeSentTo: next });
    const email = async () => (await database.db.select().from(user).where(eq(user.id, ana.id)))[0]?.email;
    expect(await email()).toBe(ana.email);
    const code = t.lastCode(next)!;
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await post(ana, {
      intent: "confirmEmail",
      newEmail: next,
      otp: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await email()).toBe(ana.email);
    const right = await post(ana, { intent: "confirmEmail", newEmail: next, otp: code });
    expect(right.status).toBe(200);
    expect(await email()).toBe(next);
  });
});

describe("settings: one person's passkeys are out of another's reach", () => {
  it("Boris's session renames and deletes none of Ana's passkeys", async () => {
    const ana = await owner();
    const boris = await owner();
    const id = randomUUID();
    await database.db.insert(passkey).values({
      id,
      name: "Ana's key",
      publicKey: "pk",
      userId: ana.id,
      credentialID: `cred-${id}`,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    expect((await post(boris, { intent: "renamePasskey", id, name: "mine" })).status).not.toBe(200);
    expect((await post(boris, { intent: "deletePasskey", id })).status).not.toBe(200);
    const [row] = await database.db.select().from(passkey).where(eq(passkey.id, id));
    expect(row?.name).toBe("Ana's key");
  });
});
