import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

// The passkey plugin's table (@better-auth/passkey), plus the last time each key signed in.
export const passkey = pgTable(
  "passkey",
  {
    id: text().primaryKey(),
    name: text(),
    publicKey: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer().notNull(),
    deviceType: text().notNull(),
    backedUp: boolean().notNull(),
    transports: text(),
    aaguid: text(),
    createdAt: timestamp({ withTimezone: true }).defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId), index().on(t.credentialID)],
);

export const AUDIT_ACTIONS = [
  "sign_up",
  "sign_in",
  "sign_in_failed",
  "sign_in_attempt",
  "sign_in_accepted",
  "sign_out",
  "code_sent",
  "code_failed",
  "code_issued",
  "code_attempt",
  "code_accepted",
  "password_reset",
  "password_changed",
  "email_changed",
  "passkey_added",
  "passkey_removed",
  "account_linked",
  "account_unlinked",
  "sessions_revoked",
  // The admin area (decision 0044): details carry the other identity (target user, store, reason).
  "impersonation_started",
  "impersonation_stopped",
  "impersonated_change",
  "trial_extended",
  "store_deactivated",
  "store_reactivated",
  "transaction_marked_paid",
  "transaction_cancelled",
  "admin_granted",
  // Decision 0078: an entry of the shared image library removed (details: the entry, products that lost it).
  "library_entry_removed",
  // A store's REST API tokens (details: store, token id and name, scopes).
  "api_token_created",
  "api_token_revoked",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

// Append-only (PRODUCT.md): rows are inserted, never updated or deleted by the application.
// The per-address limits (codes sent, wrong codes, failed sign-ins) are counted from these rows,
// so every app instance sees the same count.
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    action: text().$type<AuditAction>().notNull(),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    /** The address the event concerns, lower-cased; kept when no user exists for it. */
    email: text(),
    method: text(),
    ipAddress: text(),
    userAgent: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.email, t.action, t.createdAt),
    index().on(t.userId, t.createdAt),
    // The admin's audit-log page: newest first, filtered by action.
    index("audit_log_action_created_idx").on(t.action, t.createdAt),
    index("audit_log_created_idx").on(t.createdAt),
  ],
);
