import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, uniqueEmail } from "~/auth/test-helpers";
import type { Database } from "~/db/client.server";
import { passkey } from "~/db/schema/account-security";
import { account } from "~/db/schema/auth";
import { openTestDatabase } from "../../../tests/support/test-db";
import { getAccountOverview, waysInWithout } from "./account.server";

let database: Database;
let t: ReturnType<typeof createTestAuth>;

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestAuth(database);
});

async function person() {
  const email = uniqueEmail("x");
  const made = await t.register(email);
  return { id: made.id, email, cookie: made.cookie };
}

async function givePasskey(userId: string, name: string) {
  const id = randomUUID();
  await database.db.insert(passkey).values({
    id,
    name,
    publicKey: "pk",
    userId,
    credentialID: `cred-${id}`,
    counter: 0,
    deviceType: "singleDevice",
    backedUp: false,
  });
  return id;
}

async function giveGoogle(userId: string) {
  const id = randomUUID();
  await database.db.insert(account).values({ id, accountId: `g-${id}`, providerId: "google", userId });
  return id;
}

describe("one person's account is out of another's reach", () => {
  it("cannot read, rename or delete another user's passkey, nor unlink their Google account", async () => {
    const ana = await person();
    const boris = await person();
    const anaKey = await givePasskey(ana.id, "Ana's phone");
    const anaGoogle = await giveGoogle(ana.id);

    const overview = await getAccountOverview(database.db, boris.id);
    expect(overview.passkeys).toEqual([]);
    expect(overview.linked).toEqual([]);
    expect(overview.user.email).toBe(boris.email);

    const rename = await t.call(
      "/passkey/update-passkey",
      { id: anaKey, name: "mine now" },
      { cookie: boris.cookie },
    );
    expect(rename.ok).toBe(false);
    const remove = await t.call("/passkey/delete-passkey", { id: anaKey }, { cookie: boris.cookie });
    expect(remove.ok).toBe(false);
    const [key] = await database.db.select().from(passkey).where(eq(passkey.id, anaKey));
    expect(key?.name).toBe("Ana's phone");

    const unlink = await t.call("/unlink-account", { accountId: anaGoogle }, { cookie: boris.cookie });
    expect(unlink.ok).toBe(false);
    expect(await database.db.select().from(account).where(eq(account.id, anaGoogle))).toHaveLength(1);

    // Ana herself can.
    const own = await t.call(
      "/passkey/update-passkey",
      { id: anaKey, name: "Work phone" },
      { cookie: ana.cookie },
    );
    expect(own.ok).toBe(true);
  });

  it("counts the ways in left: the last one may not be removed", async () => {
    const ana = await person();
    const [credential] = await database.db.select().from(account).where(eq(account.userId, ana.id));
    const google = await giveGoogle(ana.id);
    const key = await givePasskey(ana.id, "Key");
    expect(await waysInWithout(database.db, ana.id, { accountId: google })).toBe(2);
    expect(await waysInWithout(database.db, ana.id, { passkeyId: key })).toBe(2);
    await database.db.delete(account).where(eq(account.id, credential!.id));
    await database.db.delete(passkey).where(eq(passkey.id, key));
    expect(await waysInWithout(database.db, ana.id, { accountId: google })).toBe(0);
  });
});
