import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { ApiScope } from "~/db/schema/api-tokens";
import { user } from "~/db/schema/auth";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { createTestStore } from "../../../tests/support/test-db";
import { createApiHandler } from "./api-handler.server";
import { createApiToken } from "./api-token.server";

// A store whose owner has proven the address, its tokens, and calls of /api/v1 as the
// Express adapter makes them (a Request with the body, a Response back).

export const ALL_SCOPES: ApiScope[] = ["read", "write_prices", "write_products"];

export async function createApiStore(
  database: Database,
  overrides: Parameters<typeof createTestStore>[1] = {},
) {
  const store = await createTestStore(database, overrides);
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, store.userId));
  const tokenOf = async (scopes: ApiScope[] = ALL_SCOPES, name = "POS") =>
    (await createApiToken(store.ctx, { name, scopes }, { email: "owner@example.test" })).secret;
  return { ...store, tokenOf };
}

export type ApiCall = {
  token?: string | null;
  body?: unknown;
  /** A raw body (sent as is). */
  raw?: string;
  headers?: Record<string, string>;
};

export function apiClient(
  database: Database,
  options: { now?: () => Date; limiter?: RateLimiter; strangerLimiter?: RateLimiter } = {},
) {
  const handler = createApiHandler({
    db: () => database.db,
    storeDb: (storeId) => database.forStore(storeId),
    now: options.now ?? (() => new Date()),
    limiter: options.limiter ?? { allow: () => true },
    strangerLimiter: options.strangerLimiter ?? { allow: () => true },
  });
  return async (method: string, path: string, call: ApiCall = {}) => {
    const headers = new Headers(call.headers);
    if (call.token) headers.set("authorization", `Bearer ${call.token}`);
    let body: string | undefined = call.raw;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const response = await handler(new Request(`http://localhost/api/v1${path}`, { method, headers, body }));
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
}
