import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { startImpersonation } from "~/features/admin/impersonation.server";
import { startRouteDatabase } from "../../tests/support/route-harness";
import { readSession } from "./session.server";
import { createTestAuth, uniqueEmail } from "./test-helpers";

// Decision 0044, 0119: an admin acting as an owner never sees the owner's ways in. better-auth's
// GET /list-sessions answers every session of the account with its raw token, and a token is the
// session: with it the admin could stay signed in as the owner after the hour, from anywhere.

let database: Database;
let t: ReturnType<typeof createTestAuth>;

beforeAll(async () => {
  database = await startRouteDatabase();
  t = createTestAuth(database);
  (globalThis as { __vitrinaAuth?: unknown }).__vitrinaAuth = t.auth;
});

const BASE = "http://localhost:3000";

/** The browser's cookies after `setCookies` (a cleared cookie leaves the jar). */
function cookieHeader(setCookies: string[], previous: string): string {
  const jar = new Map(previous.split("; ").map((pair) => [pair.split("=")[0], pair] as const));
  for (const line of setCookies) {
    const pair = line.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/Max-Age=0/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

async function actAs(adminCookie: string, ownerId: string): Promise<string> {
  const request = new Request(`${BASE}/api/admin/users/${ownerId}/impersonate`, {
    method: "POST",
    headers: { origin: BASE, cookie: adminCookie, "user-agent": "vitest" },
  });
  const admin = await readSession(request);
  const headers = await startImpersonation({ db: database.db, request }, admin!, ownerId);
  return cookieHeader(headers.getSetCookie(), adminCookie);
}

describe("GET /api/auth/list-sessions", () => {
  it("shows an owner their own sessions", async () => {
    const owner = await t.register(uniqueEmail("owner"));
    const answer = await t.call("/list-sessions", undefined, { cookie: owner.cookie, method: "GET" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toHaveLength(1);
  });

  it("is refused to an admin acting as the owner, and shows no token of the owner's", async () => {
    const owner = await t.register(uniqueEmail("acted"));
    const admin = await t.register(uniqueEmail("admin"));
    await database.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
    const acting = await actAs(admin.cookie, owner.id);
    expect((await readSession(new Request(BASE, { headers: { cookie: acting } })))?.impersonatedBy).toBe(
      admin.id,
    );
    const ownerTokens = (
      await database.db.query.session.findMany({ where: (s, { eq: is }) => is(s.userId, owner.id) })
    ).map((row) => row.token);
    expect(ownerTokens.length).toBeGreaterThan(0);

    const answer = await t.call("/list-sessions", undefined, { cookie: acting, method: "GET" });
    expect(answer.status).toBe(403);
    const body = await answer.text();
    expect(body).toContain("IMPERSONATION_REFUSED");
    for (const token of ownerTokens) expect(body).not.toContain(token);
  });
});
