import type { Queryable } from "~/db/client.server";

/**
 * Who acts: the signed-in user (null for the system, e.g. seeding or a job), and the admin acting
 * as them when the session is an impersonation (decision 0044: changes are the admin's, on their behalf).
 */
export type Actor = { userId: string | null; impersonatedBy?: string | null };

/**
 * Every store service receives the tenant and the actor explicitly (STYLE.md). storeId comes
 * from the signed-in owner's store, never from the URL or a form.
 */
export type StoreContext = { db: Queryable; storeId: string; actor: Actor };
