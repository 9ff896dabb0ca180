import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { type ApiScope, apiToken } from "~/db/schema/api-tokens";
import { user } from "~/db/schema/auth";
import { store } from "~/db/schema/stores";
import { recordAudit } from "~/features/audit/audit.server";
import { AppError } from "~/lib/app-error";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import type { ApiTokenInput } from "./api-token.schema";

// Per-store API tokens (decision 0071). The secret is "vtr_" and 32 random bytes in
// base64url (256 bits): a SHA-256 of it is enough to store (no slow hash needed for a random
// secret), and the lookup is one indexed equality.

export const TOKEN_PREFIX = "vtr_";
/** At most this many live tokens per store. */
export const TOKENS_PER_STORE = 20;

export type ApiTokenRow = typeof apiToken.$inferSelect;
export type ApiTokenListItem = Omit<ApiTokenRow, "tokenHash">;

export function hashToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Who asks, for the audit log. */
export type RequestMeta = { email: string; ipAddress?: string | null; userAgent?: string | null };

export async function listApiTokens(ctx: StoreContext): Promise<ApiTokenListItem[]> {
  return ctx.db
    .select({
      id: apiToken.id,
      storeId: apiToken.storeId,
      name: apiToken.name,
      hint: apiToken.hint,
      scopes: apiToken.scopes,
      createdBy: apiToken.createdBy,
      createdAt: apiToken.createdAt,
      lastUsedAt: apiToken.lastUsedAt,
      revokedAt: apiToken.revokedAt,
    })
    .from(apiToken)
    .where(eq(apiToken.storeId, ctx.storeId))
    .orderBy(desc(apiToken.createdAt), desc(apiToken.id));
}

/**
 * A new token; the secret is returned here once and never again. Only the owner with a proven
 * e-mail address makes one, never an admin acting as them (the secret would be the admin's).
 */
export async function createApiToken(
  ctx: StoreContext,
  input: ApiTokenInput,
  meta: RequestMeta,
): Promise<{ token: ApiTokenListItem; secret: string }> {
  if (ctx.actor.impersonatedBy) throw new AppError("impersonationRefused");
  const [owner] = await ctx.db
    .select({ verified: user.emailVerified })
    .from(store)
    .innerJoin(user, eq(user.id, store.ownerId))
    .where(and(eq(store.id, ctx.storeId), eq(store.ownerId, ctx.actor.userId ?? "")));
  if (!owner?.verified) throw new AppError("forbidden");
  const live = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiToken)
    .where(and(eq(apiToken.storeId, ctx.storeId), isNull(apiToken.revokedAt)));
  if ((live[0]?.n ?? 0) >= TOKENS_PER_STORE) {
    throw new AppError("validation", { fields: { form: "api:tokens.tooMany" } });
  }
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const scopes = [...new Set(input.scopes)];
  const [row] = await ctx.db
    .insert(apiToken)
    .values({
      storeId: ctx.storeId,
      name: input.name,
      tokenHash: hashToken(secret),
      hint: secret.slice(0, TOKEN_PREFIX.length + 4),
      scopes,
      createdBy: ctx.actor.userId,
    })
    .returning();
  const { tokenHash: _hash, ...token } = row!;
  await recordAudit(ctx.db as Db, {
    action: "api_token_created",
    userId: ctx.actor.userId,
    ...meta,
    details: { storeId: ctx.storeId, tokenId: token.id, name: token.name, scopes },
  });
  return { token, secret };
}

/** Revokes one of this store's tokens; another store's id (or a malformed one) is notFound. */
export async function revokeApiToken(ctx: StoreContext, tokenId: string, meta: RequestMeta): Promise<void> {
  if (!isUuid(tokenId)) throw new AppError("notFound");
  const [row] = await ctx.db
    .update(apiToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiToken.storeId, ctx.storeId), eq(apiToken.id, tokenId), isNull(apiToken.revokedAt)))
    .returning({ id: apiToken.id, name: apiToken.name });
  if (!row) throw new AppError("notFound");
  await recordAudit(ctx.db as Db, {
    action: "api_token_revoked",
    userId: ctx.actor.userId,
    ...meta,
    details: { storeId: ctx.storeId, tokenId: row.id, name: row.name },
  });
}

export type ApiCaller = {
  tokenId: string;
  tokenName: string;
  storeId: string;
  storeActive: boolean;
  /** The owner who made the token: the actor of the API's changes. */
  actorId: string | null;
  scopes: ApiScope[];
};

/** The caller a bearer secret names, or null for a malformed, unknown or revoked one. */
export async function authenticateApiToken(db: Queryable, secret: string): Promise<ApiCaller | null> {
  if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 100) return null;
  const [row] = await db
    .select({
      tokenId: apiToken.id,
      tokenName: apiToken.name,
      storeId: apiToken.storeId,
      storeActive: store.active,
      actorId: apiToken.createdBy,
      scopes: apiToken.scopes,
      lastUsedAt: apiToken.lastUsedAt,
    })
    .from(apiToken)
    .innerJoin(store, eq(store.id, apiToken.storeId))
    .where(and(eq(apiToken.tokenHash, hashToken(secret)), isNull(apiToken.revokedAt)));
  if (!row) return null;
  // The last-used date is kept to the minute: one write a minute per token, not one per request.
  const minuteAgo = new Date(Date.now() - 60_000);
  if (!row.lastUsedAt || row.lastUsedAt < minuteAgo) {
    await db
      .update(apiToken)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(apiToken.id, row.tokenId),
          or(isNull(apiToken.lastUsedAt), lt(apiToken.lastUsedAt, minuteAgo)),
        ),
      );
  }
  const { lastUsedAt: _used, ...caller } = row;
  return caller;
}
