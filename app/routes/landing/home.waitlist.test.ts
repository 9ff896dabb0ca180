import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import type { Database } from "~/db/client.server";
import { waitlistEntry } from "~/db/schema/waitlist";
import { WAITLIST_PER_IP_PER_HOUR } from "~/features/waitlist/waitlist.server";
import type { MailMessage } from "~/mail/mailer.server";
import { startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import { action } from "./home";

// The landing page's waitlist form, posted as a plain form (no JavaScript) to the index
// route's action: stored with its interest, a bad address refused with a translated field error, a
// duplicate neither stored twice nor told apart, one client address limited, a new entry confirmed.

let database: Database;
const outbox: MailMessage[] = [];

beforeAll(async () => {
  database = await startRouteDatabase();
  (globalThis as { __vitrinaMailer?: unknown }).__vitrinaMailer = {
    kind: "outbox",
    send: async (message: MailMessage) => {
      outbox.push(message);
    },
  };
});

function submit(fields: Record<string, string>, options: { ip: string; lang?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const headers = new Headers({ [CLIENT_IP_HEADER]: options.ip });
  if (options.lang) headers.set("cookie", `lang=${options.lang}`);
  const request = new Request("http://localhost/?index", { method: "POST", body: form, headers });
  return action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
}

const rowsOf = (email: string) =>
  database.db.select().from(waitlistEntry).where(eq(waitlistEntry.email, email.toLowerCase()));

describe("the landing page's waitlist form", () => {
  it("stores the address, the shop or agency and the interest, and confirms by e-mail in the page's language", async () => {
    const email = `Partner-${randomUUID().slice(0, 8)}@Example.test`;
    const answer = await submit(
      { email, storeName: "Агенција Плус", interest: "agency" },
      { ip: "198.51.100.1", lang: "sq" },
    );
    expect(answer).toEqual({ ok: true });
    const [row] = await rowsOf(email);
    expect(row).toMatchObject({
      email: email.toLowerCase(),
      storeName: "Агенција Плус",
      interest: "agency",
      locale: "sq",
      source: "landing",
      ipAddress: "198.51.100.1",
    });
    const mail = outbox.filter((message) => message.to === email.toLowerCase());
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Jeni në listën e Vitrinës");
  });

  it("refuses a bad address with the field's translated message and stores nothing", async () => {
    const before = await database.db
      .select()
      .from(waitlistEntry)
      .where(like(waitlistEntry.email, "%not-an%"));
    const answer = await submit(
      { email: "not-an-address", storeName: "X", interest: "pos" },
      { ip: "198.51.100.2" },
    );
    expect(await statusOf(async () => answer)).toBe(400);
    const body = (answer as unknown as { data: { ok: boolean; errors: Record<string, string> } }).data;
    expect(body.ok).toBe(false);
    expect(body.errors.email).toBe("validation:emailInvalid");
    const after = await database.db.select().from(waitlistEntry).where(like(waitlistEntry.email, "%not-an%"));
    expect(after).toHaveLength(before.length);
  });

  it("refuses an interest the form does not offer", async () => {
    const answer = await submit(
      { email: `odd-${randomUUID().slice(0, 8)}@example.test`, interest: "<script>" },
      { ip: "198.51.100.3" },
    );
    const body = (answer as unknown as { data: { errors: Record<string, string> } }).data;
    expect(body.errors.interest).toBe("validation:choiceInvalid");
  });

  it("answers a duplicate like a new address: no second row, no second e-mail, the first entry kept", async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@example.test`;
    const first = await submit({ email, storeName: "Маркет Едно", interest: "pos" }, { ip: "198.51.100.4" });
    const second = await submit(
      { email: email.toUpperCase(), storeName: "Друго име", interest: "other" },
      { ip: "198.51.100.5" },
    );
    expect(second).toEqual(first);
    const rows = await rowsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ storeName: "Маркет Едно", interest: "pos" });
    expect(outbox.filter((message) => message.to === email)).toHaveLength(1);
  });

  it("limits one client address to WAITLIST_PER_IP_PER_HOUR entries an hour (429)", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < WAITLIST_PER_IP_PER_HOUR; i++) {
      expect(await submit({ email: `limit-${i}-${tag}@example.test`, interest: "shop" }, { ip })).toEqual({
        ok: true,
      });
    }
    const refused = await submit({ email: `limit-last-${tag}@example.test`, interest: "shop" }, { ip });
    expect(await statusOf(async () => refused)).toBe(429);
    expect((refused as unknown as { data: { errors: { form: string } } }).data.errors.form).toBe(
      "errors:rateLimited",
    );
    expect(await rowsOf(`limit-last-${tag}@example.test`)).toHaveLength(0);
    // Another address is not held back by this one.
    expect(await submit({ email: `other-${tag}@example.test` }, { ip: "198.51.100.9" })).toEqual({
      ok: true,
    });
  });

  it("holds to the limit when one client address sends many forms at once", async () => {
    // An attacker's replay: twelve forms in parallel, each with a new address to mail. Counting
    // and adding separately let them all pass the count before any was added.
    const ip = `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    const tag = randomUUID().slice(0, 8);
    const emails = Array.from({ length: 12 }, (_, i) => `burst-${i}-${tag}@example.test`);
    const answers = await Promise.all(emails.map((email) => submit({ email, interest: "shop" }, { ip })));
    const statuses = await Promise.all(answers.map((answer) => statusOf(async () => answer)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(WAITLIST_PER_IP_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - WAITLIST_PER_IP_PER_HOUR);
    const stored = await database.db.select().from(waitlistEntry).where(eq(waitlistEntry.ipAddress, ip));
    expect(stored).toHaveLength(WAITLIST_PER_IP_PER_HOUR);
    expect(outbox.filter((message) => emails.includes(message.to))).toHaveLength(WAITLIST_PER_IP_PER_HOUR);
  });
});
