import type { z } from "zod";
import { CLIENT_IP_HEADER } from "~/auth/auth-hooks.server";
import type { Db } from "~/db/client.server";
import { isAppError } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import { createRateLimiter, type RateLimiter } from "~/lib/rate-limit.server";
import type { StoreContext } from "~/lib/service-context";
import { isStorableText, unstorableTextAt } from "~/lib/storable-text";
import { isIdempotencyKey, requestHashOf, withIdempotency } from "./api-idempotency.server";
import { OPERATIONS, type Operation, scopeAllows } from "./api-operations.server";
import { BadCursor } from "./api-products.server";
import { authenticateApiToken } from "./api-token.server";
import { openApiDocument } from "./openapi.server";
import { ApiProblem, pointerOf, problemResponse, validationProblem } from "./problem";

// /api/v1 as one fetch-style handler, Request in, Response out (decision 0071). The
// Express adapter (server/api-v1.ts) hands it the request with its body already size-checked.

export const API_PREFIX = "/api/v1";
/** 2 MiB: a batch of 1,000 items with every field is about 400 KB. */
export const API_BODY_LIMIT = 2 * 1024 * 1024;
/** Requests per token per minute (so one program cannot take the server from the others). */
export const API_REQUESTS_PER_MINUTE = 300;
/** Requests without a valid token per client address per minute, before the address waits a minute. */
export const API_FAILED_AUTH_PER_MINUTE = 30;

export type ApiHandlerOptions = {
  db: () => Db;
  /** A token's store behind the second tenancy wall (decision 0083); the plain db when not given. */
  storeDb?: (storeId: string) => Db;
  now: () => Date;
  limiter?: RateLimiter;
  /** Counts requests without a valid token per client address (strangers guessing tokens). */
  strangerLimiter?: RateLimiter;
  /** The origin the OpenAPI document names as its server (BASE_URL; never the request's Host). */
  origin?: string;
};

type Route = { operation: Operation; pattern: RegExp; names: string[] };

const ROUTES: Route[] = OPERATIONS.map((operation) => {
  const names: string[] = [];
  const source = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { operation, pattern: new RegExp(`^${source}$`), names };
});

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer +([\x21-\x7e]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: "body" | "query" | "path",
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationProblem(result.error, where);
  return result.data;
}

export function createApiHandler(options: ApiHandlerOptions) {
  const storeDb = options.storeDb ?? (() => options.db());
  const limiter = options.limiter ?? createRateLimiter({ limit: API_REQUESTS_PER_MINUTE, windowMs: 60_000 });
  const strangers =
    options.strangerLimiter ?? createRateLimiter({ limit: API_FAILED_AUTH_PER_MINUTE, windowMs: 60_000 });
  // An address over its failures waits a minute without costing a token lookup.
  const blockedUntil = new Map<string, number>();

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.slice(API_PREFIX.length) || "/";
    if (path === "/openapi.json" && (request.method === "GET" || request.method === "HEAD")) {
      return json(200, openApiDocument(options.origin ?? url.origin), {
        "Cache-Control": "public, max-age=300",
      });
    }
    const candidates = ROUTES.map((route) => ({ route, match: route.pattern.exec(path) })).filter(
      (candidate) => candidate.match,
    );
    if (candidates.length === 0) throw new ApiProblem("not-found", { detail: `No operation at ${path}` });
    const found = candidates.find(({ route }) => route.operation.method.toUpperCase() === request.method);
    if (!found) {
      const allow = candidates.map(({ route }) => route.operation.method.toUpperCase()).join(", ");
      throw new ApiProblem("method-not-allowed", { headers: { Allow: allow } });
    }
    const { operation, names } = found.route;

    const address = request.headers.get(CLIENT_IP_HEADER) ?? "";
    const tooMany = () => new ApiProblem("rate-limited", { headers: { "Retry-After": "60" } });
    if ((blockedUntil.get(address) ?? 0) > Date.now()) throw tooMany();
    const secret = bearerOf(request);
    const caller = secret ? await authenticateApiToken(options.db(), secret) : null;
    if (!caller) {
      if (!strangers.allow(address)) {
        blockedUntil.set(address, Date.now() + 60_000);
        if (blockedUntil.size > 10_000) blockedUntil.delete(blockedUntil.keys().next().value!);
        throw tooMany();
      }
      throw new ApiProblem("unauthorized", { headers: { "WWW-Authenticate": 'Bearer realm="vitrina"' } });
    }
    if (!limiter.allow(caller.tokenId)) throw tooMany();
    if (!scopeAllows(caller.scopes, operation.scope)) {
      throw new ApiProblem("insufficient-scope", {
        detail: `This operation needs the scope ${operation.scope}`,
      });
    }
    const writes = operation.method !== "get";
    // PRODUCT.md "Plans": an inactive store's page is hidden until a plan is paid. Reads keep working
    // (the POS can still look), writes are refused so the sync fails loudly (decision 0071).
    if (writes && !caller.storeActive) throw new ApiProblem("store-inactive");

    const rawParams = Object.fromEntries(names.map((name, i) => [name, decoded(found.match![i + 1]!)]));
    const params = (operation.params ? parse(operation.params, rawParams, "path") : rawParams) as Record<
      string,
      string
    >;
    const query = operation.query
      ? parse(operation.query, Object.fromEntries(url.searchParams), "query")
      : {};
    // Decision 0121: text the database cannot store is refused here, not by a failing query (after
    // the schemas, whose problems name every field they refuse).
    for (const [name, value] of Object.entries(rawParams)) {
      if (!isStorableText(value)) throw unstorable(pointerOf("path", [name]));
    }
    for (const [name, value] of url.searchParams) {
      if (!isStorableText(name) || !isStorableText(value)) throw unstorable(pointerOf("query", [name]));
    }
    const text = writes ? await request.text() : "";
    if (text.length > API_BODY_LIMIT) throw new ApiProblem("payload-too-large");
    let body: unknown;
    if (operation.body) {
      const type = (request.headers.get("content-type") ?? "").toLowerCase();
      if (!type.startsWith("application/json")) throw new ApiProblem("unsupported-media-type");
      try {
        body = JSON.parse(text);
      } catch {
        throw new ApiProblem("malformed-json");
      }
      const at = unstorableTextAt(body);
      if (at !== null) throw unstorable(pointerOf("body", at));
      body = parse(operation.body, body, "body");
    }

    const run = async (db: StoreContext["db"]) => {
      const ctx: StoreContext = { db, storeId: caller.storeId, actor: { userId: caller.actorId } };
      const result = await operation.run({ ctx, caller, params, query, body, now: options.now() });
      return { status: operation.status, body: result };
    };
    const key = request.headers.get("idempotency-key");
    if (!writes || key === null) {
      const answer = await run(storeDb(caller.storeId));
      return json(answer.status, answer.body);
    }
    if (!isIdempotencyKey(key)) {
      throw new ApiProblem("validation", {
        errors: [{ pointer: "#header/Idempotency-Key", detail: "1 to 255 visible ASCII characters" }],
      });
    }
    const answer = await withIdempotency(
      storeDb(caller.storeId),
      { storeId: caller.storeId, key, requestHash: requestHashOf(request.method, url.pathname, text) },
      (tx) => run(tx),
    );
    return json(answer.status, answer.body, answer.replayed ? { "Idempotent-Replayed": "true" } : {});
  }

  return async function apiHandler(request: Request): Promise<Response> {
    try {
      return await handle(request);
    } catch (error) {
      return problemResponse(asProblem(error));
    }
  };
}

function unstorable(pointer: string): ApiProblem {
  return new ApiProblem("validation", {
    errors: [{ pointer, detail: "Holds a NUL character or an unpaired UTF-16 surrogate" }],
  });
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A PostgreSQL error code anywhere in the cause chain (Drizzle wraps the driver's error). */
function pgCodeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function asProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof BadCursor) {
    return new ApiProblem("validation", {
      errors: [{ pointer: "#query/cursor", detail: "not a cursor we gave" }],
    });
  }
  if (isAppError(error) && (error.code === "notFound" || error.code === "storeNotFound")) {
    return new ApiProblem("not-found");
  }
  // Two requests creating the same external id at once: the second loses on the unique index.
  if (pgCodeOf(error) === "23505") {
    return new ApiProblem("conflict", { detail: "Another request changed the same products; retry" });
  }
  if (isAppError(error) && error.status < 500) {
    return new ApiProblem("validation", { detail: error.code });
  }
  logger.error({ err: isAppError(error) ? (error.cause ?? error) : error }, "api request failed");
  return new ApiProblem("unexpected");
}
