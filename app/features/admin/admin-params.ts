import { AUDIT_ACTIONS, type AuditAction } from "~/db/schema/account-security";
import { PAYABLE_PLAN_IDS } from "~/features/billing/plans";
import { isUuid } from "~/lib/uuid";

// The admin lists' filters, kept in the query string. Isomorphic: the filter forms and
// the loaders read the same shapes. Every list is paginated on the server.

export const ADMIN_PAGE_SIZE = 25;

/**
 * A store's state as the admin sees it: still onboarding, in its free month, paid, trial
 * over and unpaid but still public, made inactive for non-payment ("suspended", billing's expiry
 * job), or deactivated by an admin.
 */
export const STORE_STATES = ["onboarding", "trial", "paid", "expired", "suspended", "inactive"] as const;
export type StoreState = (typeof STORE_STATES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null): string {
  if (!value || !DAY.test(value)) return "";
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? "" : value;
}

function query(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, 200);
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | "" {
  return allowed.includes(value as T) ? (value as T) : "";
}

/** The plan filter: a payable plan, or "none" for stores that never paid. */
export const PLAN_FILTERS = [...PAYABLE_PLAN_IDS, "none"] as const;
export type PlanFilter = (typeof PLAN_FILTERS)[number];

export type StoreFilters = { q: string; state: StoreState | ""; plan: PlanFilter | "" };

export function parseStoreFilters(params: URLSearchParams): StoreFilters {
  return {
    q: query(params),
    state: oneOf(params.get("state"), STORE_STATES),
    plan: oneOf(params.get("plan"), PLAN_FILTERS),
  };
}

export const SIGN_IN_METHODS = ["password", "google", "passkey"] as const;
export type UserFilters = { q: string; role: "admin" | "user" | "" };

export function parseUserFilters(params: URLSearchParams): UserFilters {
  return { q: query(params), role: oneOf(params.get("role"), ["admin", "user"] as const) };
}

export type AuditFilters = { user: string; action: AuditAction | ""; from: string; to: string };

/** `user` is an id (a link from the users list) or part of an address. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  return {
    user: (params.get("user") ?? "").trim().slice(0, 200),
    action: oneOf(params.get("action"), AUDIT_ACTIONS),
    from: day(params.get("from")),
    to: day(params.get("to")),
  };
}

export type WaitlistFilters = { q: string };

export function parseWaitlistFilters(params: URLSearchParams): WaitlistFilters {
  return { q: query(params) };
}

export { isUuid };
