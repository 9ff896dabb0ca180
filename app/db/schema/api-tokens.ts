import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { store } from "./stores";

// The REST API for POS and ERP programs (/api/v1, decision 0071).

/** What a token may do: read everything, write prices, write products (which includes prices). */
export const API_SCOPES = ["read", "write_prices", "write_products"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * A store's API token. Only the SHA-256 of the secret is kept: the secret is shown once, when the
 * token is made, and a stolen database cannot be replayed against the API.
 */
export const apiToken = pgTable(
  "api_token",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** The secret's first characters ("vtr_AbC1"), so an owner recognises a token in a list. */
    hint: text().notNull(),
    scopes: text().array().$type<ApiScope[]>().notNull(),
    createdBy: text().references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("api_token_store_created_idx").on(t.storeId, t.createdAt)],
);

/**
 * The stored answer of a write sent with an Idempotency-Key: the same key with the same body gets
 * this answer again without a second write; with another body, a 422 problem. Kept 24 hours.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    key: text().notNull(),
    /** SHA-256 of the method, path and body the key was first used with. */
    requestHash: text().notNull(),
    status: integer().notNull(),
    /** The answer's JSON exactly as first sent (text, not jsonb: a replay must be byte-identical). */
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.key] }), index("api_idempotency_created_idx").on(t.createdAt)],
);
