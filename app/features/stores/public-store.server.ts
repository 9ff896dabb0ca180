import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { store } from "~/db/schema/stores";
import { getStoreByUsername, type Store } from "./store.server";

// The one rule for what the public sees of a store (decision 0022). A store is
// public when its onboarding is finished (onboardingStep null) and it is active (PRODUCT.md "Plans":
// an unpaid store is inactive). Every public path asks here: the store page, prices.csv/json, the
// PDF, /prices, the dated archive, the sitemap, the day-end archive and visitors' reports.

/**
 * "public": everything is shown. "inactive": only the store page answers, with the inactive notice
 * (spec: "a notice when the store is inactive") and no products; its files are 404. "hidden": a
 * store still in onboarding, answered like a store that does not exist.
 */
export type StoreVisibility = "public" | "inactive" | "hidden";

export function storeVisibility(row: Pick<Store, "onboardingStep" | "active">): StoreVisibility {
  if (row.onboardingStep !== null) return "hidden";
  return row.active ? "public" : "inactive";
}

export function isPublicStore(row: Pick<Store, "onboardingStep" | "active">): boolean {
  return storeVisibility(row) === "public";
}

/** The same rule in SQL, for queries that list or join stores. */
export function publicStoreCondition(): SQL {
  return and(eq(store.active, true), isNull(store.onboardingStep))!;
}

/** The store behind a public file or page at /{username}/…, or null when the public may not see it. */
export async function getPublicStore(db: Queryable, username: string): Promise<Store | null> {
  const row = await getStoreByUsername(db, username);
  return row && isPublicStore(row) ? row : null;
}

/**
 * Whether `{username}.{ROOT_DOMAIN}` shows a page: a store past onboarding, public or inactive (an
 * unpaid store's subdomain still shows its inactive notice). The TLS front's ask endpoint reads it.
 */
export async function hasStorePage(db: Queryable, username: string): Promise<boolean> {
  const row = await getStoreByUsername(db, username);
  return row !== null && storeVisibility(row) !== "hidden";
}
