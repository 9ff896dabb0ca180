import { admin as adminPlugin } from "better-auth/plugins";
import { and, desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { readSession, type SessionUser, sessionContext } from "~/auth/session.server";
import { createTestAuth, uniqueEmail } from "~/auth/test-helpers";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/account-security";
import { session, user } from "~/db/schema/auth";
import { auditImpersonatedChange } from "~/features/admin/impersonation.server";
import { startRouteDatabase, statusOf } from "../../../tests/support/route-harness";
import * as impersonateRoute from "../api/admin-impersonate";
import * as stopRoute from "../api/admin-stop-impersonation";
import * as settingsRoute from "../dashboard/settings/index";
import * as auditRoute from "./audit-logs";
import * as indexRoute from "./index";
import * as layoutRoute from "./layout";
import * as libraryRoute from "./library";
import * as storesRoute from "./stores";
import * as invoiceRoute from "./transaction-invoice";
import * as transactionsRoute from "./transactions";
import * as usersRoute from "./users";
import * as waitlistRoute from "./waitlist";
import * as waitlistExportRoute from "./waitlist-export";

// Decision 0044: the admin area answers 404 to everyone but an admin — signed out, an owner, a session
// whose address is unproven, an admin acting as an owner — on every page and every admin call.

let database: Database;
let t: ReturnType<typeof createTestAuth>;

beforeAll(async () => {
  database = await startRouteDatabase();
  t = createTestAuth(database);
  (globalThis as { __vitrinaAuth?: unknown }).__vitrinaAuth = t.auth;
});

const BASE = "http://localhost:3000";
const DAY = 24 * 60 * 60 * 1000;

function request(path: string, cookie: string | null, method = "GET"): Request {
  const headers = new Headers({ origin: BASE, "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  const body =
    method === "POST"
      ? new URLSearchParams({ intent: "extend", storeId: "x", days: "1", reason: "r" })
      : undefined;
  return new Request(`${BASE}${path}`, { method, headers, body });
}

/** The context the root middleware builds from the request's cookie. */
async function contextOf(cookie: string | null): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(sessionContext, cookie ? await readSession(request("/", cookie)) : null);
  return context;
}

type Call = {
  name: string;
  path: string;
  method: "GET" | "POST";
  run: (args: never) => unknown;
  params?: object;
};

const CALLS: Call[] = [
  { name: "/admin layout", path: "/admin", method: "GET", run: layoutRoute.loader },
  { name: "/admin", path: "/admin", method: "GET", run: indexRoute.loader },
  { name: "/admin/stores", path: "/admin/stores", method: "GET", run: storesRoute.loader },
  { name: "/admin/stores action", path: "/admin/stores", method: "POST", run: storesRoute.action },
  { name: "/admin/users", path: "/admin/users", method: "GET", run: usersRoute.loader },
  { name: "/admin/transactions", path: "/admin/transactions", method: "GET", run: transactionsRoute.loader },
  {
    name: "/admin/transactions action",
    path: "/admin/transactions",
    method: "POST",
    run: transactionsRoute.action,
  },
  {
    name: "/admin/transactions/{id}/invoice",
    path: "/admin/transactions/x/invoice",
    method: "GET",
    run: invoiceRoute.loader,
    params: { paymentId: "00000000-0000-4000-8000-000000000000" },
  },
  { name: "/admin/waitlist", path: "/admin/waitlist", method: "GET", run: waitlistRoute.loader },
  {
    name: "/admin/waitlist/export",
    path: "/admin/waitlist/export",
    method: "GET",
    run: waitlistExportRoute.loader,
  },
  { name: "/admin/audit-logs", path: "/admin/audit-logs", method: "GET", run: auditRoute.loader },
  // Decision 0078: the library's entries and their removal.
  { name: "/admin/library", path: "/admin/library", method: "GET", run: libraryRoute.loader },
  { name: "/admin/library action", path: "/admin/library", method: "POST", run: libraryRoute.action },
  {
    name: "POST /api/admin/users/{id}/impersonate",
    path: "/api/admin/users/x/impersonate",
    method: "POST",
    run: impersonateRoute.action,
    params: { userId: "00000000-0000-4000-8000-000000000000" },
  },
  {
    name: "POST /api/admin/users/stop-impersonation",
    path: "/api/admin/users/stop-impersonation",
    method: "POST",
    run: stopRoute.action,
  },
];

async function statusFor(call: Call, cookie: string | null, context?: RouterContextProvider) {
  const args = {
    request: request(call.path, cookie, call.method),
    context: context ?? (await contextOf(cookie)),
    params: call.params ?? {},
  };
  return statusOf(async () => call.run(args as never));
}

async function admin() {
  const made = await t.register(uniqueEmail("admin"));
  await database.db.update(user).set({ role: "admin" }).where(eq(user.id, made.id));
  return made;
}

describe("the admin area is a 404 for anyone but an admin", () => {
  it.each(CALLS)("$name", async (call) => {
    const owner = await t.register(uniqueEmail("owner"));
    const unproven = await t.register(uniqueEmail("unproven"));
    await database.db.update(user).set({ emailVerified: false }).where(eq(user.id, unproven.id));
    const acting: SessionUser = {
      id: owner.id,
      email: owner.email,
      name: "Owner",
      onboarded: true,
      role: "user",
      impersonatedBy: "some-admin",
    };
    const actingContext = new RouterContextProvider();
    actingContext.set(sessionContext, acting);

    expect(await statusFor(call, null), "signed out").toBe(404);
    expect(await statusFor(call, owner.cookie), "owner").toBe(404);
    expect(await statusFor(call, unproven.cookie), "unproven address").toBe(404);
    if (!call.path.endsWith("stop-impersonation")) {
      // Acting as an owner is no admin session: the admin area waits until "Stop".
      expect(await statusFor(call, null, actingContext), "admin acting as an owner").toBe(404);
    }
  });

  it("answers an admin (the same calls are real)", async () => {
    const { cookie } = await admin();
    for (const call of CALLS.filter((c) => c.method === "GET" && !/export|invoice/.test(c.path))) {
      expect(await statusFor(call, cookie), call.name).toBe(200);
    }
  });
});

describe("better-auth's own admin endpoints are off for everyone, admins too", () => {
  // /api/auth/admin/* would set roles, ban, impersonate and list users past the app's checks (no
  // audit, no "cannot act as an unproven address"): the app's admin area is the only way in.
  const ENDPOINTS: [string, "GET" | "POST"][] = [
    ["/admin/list-users", "GET"],
    ["/admin/get-user", "GET"],
    ["/admin/set-role", "POST"],
    ["/admin/create-user", "POST"],
    ["/admin/update-user", "POST"],
    ["/admin/set-user-password", "POST"],
    ["/admin/impersonate-user", "POST"],
    ["/admin/stop-impersonating", "POST"],
    ["/admin/ban-user", "POST"],
    ["/admin/unban-user", "POST"],
    ["/admin/revoke-user-session", "POST"],
    ["/admin/revoke-user-sessions", "POST"],
    ["/admin/list-user-sessions", "POST"],
    ["/admin/remove-user", "POST"],
    ["/admin/has-permission", "POST"],
  ];

  it("the list is every endpoint the plugin has", () => {
    const plugin = Object.values(adminPlugin().endpoints).map((endpoint) => endpoint.path);
    expect(ENDPOINTS.map(([path]) => path).sort()).toEqual(plugin.sort());
  });

  it.each(ENDPOINTS)("%s", async (path, method) => {
    const me = await admin();
    const owner = await t.register(uniqueEmail("target"));
    const body = { userId: owner.id, role: "admin", newPassword: "An0ther-long-secret-phrase" };
    for (const [who, cookie] of [
      ["signed out", undefined],
      ["owner", owner.cookie],
      ["admin", me.cookie],
    ] as const) {
      const answer = await t.call(`${path}${method === "GET" ? `?id=${owner.id}` : ""}`, body, {
        cookie,
        method,
      });
      expect(answer.status, `${who} ${path}`).toBe(404);
    }
    const [row] = await database.db.select({ role: user.role }).from(user).where(eq(user.id, owner.id));
    expect(row?.role).toBe("user");
  });
});

async function impersonate(cookie: string, userId: string | undefined) {
  const args = {
    request: request(`/api/admin/users/${userId ?? ""}/impersonate`, cookie, "POST"),
    context: await contextOf(cookie),
    params: { userId },
  };
  const response = (await impersonateRoute.action(args as never)) as Response;
  return { status: response.status, body: await response.json(), cookies: response.headers.getSetCookie() };
}

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

/** The "Act as" form posted by the browser itself (no script yet): it asks for a page. */
async function impersonateFromForm(cookie: string, userId: string) {
  const formRequest = request(`/api/admin/users/${userId}/impersonate`, cookie, "POST");
  formRequest.headers.set("accept", "text/html,application/xhtml+xml");
  const args = { request: formRequest, context: await contextOf(cookie), params: { userId } };
  const response = (await impersonateRoute.action(args as never)) as Response;
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookies: response.headers.getSetCookie(),
  };
}

describe("impersonation", () => {
  it("the browser's own posts of 'Act as' and 'Stop' open the dashboard as the user, then the users list, with flashes", async () => {
    const me = await admin();
    const owner = await t.register(uniqueEmail("acted-form"));
    const started = await impersonateFromForm(me.cookie, owner.id);
    expect(started.status).toBe(303);
    expect(started.location).toBe("/dashboard/products");
    expect(started.cookies.join("\n")).toContain(encodeURIComponent("success~common:impersonation.started"));
    const actingCookie = cookieHeader(started.cookies, me.cookie);
    const acting = await readSession(request("/", actingCookie));
    expect(acting).toMatchObject({ id: owner.id, impersonatedBy: me.id });

    // The banner's "Stop", posted by the browser itself: the users list, the admin's own session.
    const stopRequest = request("/api/admin/users/stop-impersonation", actingCookie, "POST");
    stopRequest.headers.set("accept", "text/html,application/xhtml+xml");
    const stopArgs = { request: stopRequest, context: await contextOf(actingCookie), params: {} };
    const stopped = (await stopRoute.action(stopArgs as never)) as Response;
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get("location")).toBe("/admin/users");
    expect(stopped.headers.getSetCookie().join("\n")).toContain(
      encodeURIComponent("success~common:impersonation.stopped"),
    );
    const back = cookieHeader(stopped.headers.getSetCookie(), actingCookie);
    expect((await readSession(request("/", back)))?.id).toBe(me.id);

    // A refusal goes back to the users list with the reason, and the session stays the admin's.
    const another = await admin();
    const other = await admin();
    const refused = await impersonateFromForm(another.cookie, other.id);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/admin/users");
    expect(refused.cookies.join("\n")).toContain(encodeURIComponent("error~errors:cannotImpersonateAdmin"));
    expect((await readSession(request("/", another.cookie)))?.id).toBe(another.id);
  });

  it("an admin cannot act as another admin", async () => {
    const me = await admin();
    const other = await admin();
    const answer = await impersonate(me.cookie, other.id);
    expect(answer.status).toBe(403);
    expect(answer.body.errors.form).toBe("errors:cannotImpersonateAdmin");
    // The admin's session is untouched.
    expect((await readSession(request("/", me.cookie)))?.id).toBe(me.id);
  });

  it("a missing id answers 'User ID is required'", async () => {
    const me = await admin();
    const answer = await impersonate(me.cookie, undefined);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.form).toBe("errors:userIdRequired");
  });

  it("starts and stops, with the session swapped and both ends audited with both identities", async () => {
    const me = await admin();
    const owner = await t.register(uniqueEmail("acted"));
    const started = await impersonate(me.cookie, owner.id);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ ok: true, success: true });
    const actingCookie = cookieHeader(started.cookies, me.cookie);
    const acting = await readSession(request("/", actingCookie));
    expect(acting).toMatchObject({ id: owner.id, impersonatedBy: me.id });

    // At most an hour.
    const [session] = await database.db.query.session.findMany({
      where: (s, { eq: is }) => is(s.impersonatedBy, me.id),
    });
    expect(session!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const stopArgs = {
      request: request("/api/admin/users/stop-impersonation", actingCookie, "POST"),
      context: await contextOf(actingCookie),
      params: {},
    };
    const stopped = (await stopRoute.action(stopArgs as never)) as Response;
    expect(stopped.status).toBe(200);
    const back = cookieHeader(stopped.headers.getSetCookie(), actingCookie);
    expect((await readSession(request("/", back)))?.id).toBe(me.id);
    // The acting session is gone, not just swapped out of the browser: its cookie, kept and sent
    // again after "Stop", is no session at all, and no session of the owner names the admin.
    expect(await readSession(request("/", actingCookie))).toBeNull();
    const leftover = await database.db.query.session.findMany({
      where: (s, { eq: is }) => is(s.impersonatedBy, me.id),
    });
    expect(leftover).toEqual([]);

    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, me.id)))
      .orderBy(desc(auditLog.createdAt));
    const start = rows.find((row) => row.action === "impersonation_started");
    const stop = rows.find((row) => row.action === "impersonation_stopped");
    expect(start?.details).toMatchObject({
      targetUserId: owner.id,
      targetEmail: owner.email,
      adminEmail: me.email,
    });
    expect(stop?.details).toMatchObject({
      targetUserId: owner.id,
      targetEmail: owner.email,
      adminEmail: me.email,
    });
    // A change made while acting is the admin's, on the owner's behalf (the root middleware's call);
    // a read or a refused write leaves nothing.
    await auditImpersonatedChange(
      database.db,
      request("/dashboard/products?index", actingCookie, "POST"),
      acting,
      302,
    );
    await auditImpersonatedChange(database.db, request("/dashboard/products", actingCookie), acting, 200);
    await auditImpersonatedChange(
      database.db,
      request("/dashboard/categories", actingCookie, "POST"),
      acting,
      403,
    );
    const changes = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, me.id), eq(auditLog.action, "impersonated_change")));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ method: "POST" });
    expect(changes[0]?.details).toMatchObject({ targetUserId: owner.id, path: "/dashboard/products" });

    // The owner's own log shows no sign-in of theirs from it.
    const ownerSignIns = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, owner.id), eq(auditLog.action, "sign_in")));
    expect(ownerSignIns).toHaveLength(1);
  });
});

describe("an impersonation cannot outlive its hour", () => {
  it("a session check without the don't-remember cookie does not extend the acting session", async () => {
    const me = await admin();
    const owner = await t.register(uniqueEmail("held"));
    const started = await impersonate(me.cookie, owner.id);
    // What a browser (or a script) sends when it drops the cookie that marks the session as one not
    // to refresh: only the acting session's token.
    const bare = cookieHeader(started.cookies, me.cookie)
      .split("; ")
      .filter((pair) => !pair.includes("dont_remember") && !pair.includes("admin_session"))
      .join("; ");
    expect((await readSession(request("/", bare)))?.impersonatedBy).toBe(me.id);
    await t.call("/get-session", undefined, { cookie: bare, method: "GET" });
    const sessions = await database.db.query.session.findMany({
      where: (s, { eq: is }) => is(s.impersonatedBy, me.id),
    });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it("an acting session an hour old is no session, whatever its expiry says, and is removed", async () => {
    const me = await admin();
    const owner = await t.register(uniqueEmail("overdue"));
    const started = await impersonate(me.cookie, owner.id);
    const acting = cookieHeader(started.cookies, me.cookie);
    // As a session extended before the refresh was capped: started 61 minutes ago, valid for weeks.
    await database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000), expiresAt: new Date(Date.now() + 20 * DAY) })
      .where(eq(session.impersonatedBy, me.id));
    expect(await readSession(request("/", acting))).toBeNull();
    expect(await database.db.select().from(session).where(eq(session.impersonatedBy, me.id))).toEqual([]);
    // The admin's own session is untouched.
    expect((await readSession(request("/", me.cookie)))?.id).toBe(me.id);
  });
});

describe("acting as an owner leaves the owner's ways in alone (decision 0044)", () => {
  it("refuses a password change through the settings page and through the auth API", async () => {
    const me = await admin();
    const owner = await t.register(uniqueEmail("guarded"));
    const started = await impersonate(me.cookie, owner.id);
    const actingCookie = cookieHeader(started.cookies, me.cookie);

    const form = new URLSearchParams({
      intent: "password",
      currentPassword: owner.password,
      password: "An0ther-long-secret-phrase",
      confirmPassword: "An0ther-long-secret-phrase",
    });
    const headers = new Headers({ origin: BASE, cookie: actingCookie, "user-agent": "vitest" });
    const page = await statusOf(async () =>
      settingsRoute.action({
        request: new Request(`${BASE}/dashboard/settings`, { method: "POST", headers, body: form }),
        context: await contextOf(actingCookie),
        params: {},
      } as never),
    );
    expect(page).toBe(403);

    const api = await t.call(
      "/change-password",
      { currentPassword: owner.password, newPassword: "An0ther-long-secret-phrase" },
      { cookie: actingCookie },
    );
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ code: "IMPERSONATION_REFUSED" });

    // The owner still signs in with the password they chose.
    const signIn = await t.call("/sign-in/email", { email: owner.email, password: owner.password });
    expect(signIn.status).toBe(200);
  });
});
