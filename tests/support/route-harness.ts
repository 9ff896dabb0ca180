import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { sessionContext } from "~/auth/session.server";
import type { Database } from "~/db/client.server";
import { adoptDatabase } from "~/db/db.server";
import { openTestDatabase } from "./test-db";

/**
 * The process database that route loaders and actions reach through requireOwnerStore(): an
 * in-memory PGlite started from the migrated template, or TEST_DATABASE_URL's PostgreSQL, both
 * migrated once by tests/support/global-setup.ts (decision 0024: no file migrates its own any more).
 * Uploads and other files go to a temporary DATA_DIR. Call once per test file (beforeAll).
 */
export async function startRouteDatabase(): Promise<Database> {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "vitrina-route-test-"));
  if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  const database = await openTestDatabase();
  adoptDatabase(database);
  return database;
}

/** The router context of a request signed in as this user (what the root middleware provides). */
export function signedIn(userId: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(sessionContext, {
    id: userId,
    email: `${userId}@example.test`,
    name: "Owner",
    onboarded: true,
    role: "user",
  });
  return context;
}

/** What a route's loader or action is called with, as the server calls it. */
export type RouteArgs = { request: Request; context: RouterContextProvider; params: Record<string, string> };

/** Calls a route module's loader or action with plain arguments (its generated types ask for more). */
export function call<T = unknown>(fn: unknown, args: RouteArgs): Promise<T> {
  return (fn as (args: RouteArgs) => Promise<T>)(args);
}

export function get(url: string): Request {
  return new Request(`http://localhost${url}`);
}

export function post(url: string, fields: Record<string, string | string[]>): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return new Request(`http://localhost${url}`, { method: "POST", body: form });
}

/** The HTTP status a loader or action answered with, returned or thrown (data(), Response). */
export async function statusOf(run: () => Promise<unknown>): Promise<number> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
    if (thrown instanceof Error) throw thrown;
  }
  if (outcome instanceof Response) return outcome.status;
  return (outcome as { init?: { status?: number } | null } | null)?.init?.status ?? 200;
}
