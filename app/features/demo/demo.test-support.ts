import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { store } from "~/db/schema/stores";
import type { StoreContext } from "~/lib/service-context";

/**
 * Seeds the demo store for a test: its id and its owner's service context. Null when the database
 * already holds the demo user (a PostgreSQL test database that another file or run seeded).
 * demo-seed.server is imported here, after the test file has set VITRINA_NOW and BASE_URL.
 */
export async function seedDemoForTest(db: Db): Promise<{ storeId: string; ctx: StoreContext } | null> {
  const { seedDemoStore, DEMO_EMAIL } = await import("./demo-seed.server");
  const [existing] = await db.select().from(user).where(eq(user.email, DEMO_EMAIL));
  if (existing) return null;
  const storeId = await seedDemoStore(db, "demo-password-1");
  const [demo] = await db.select().from(store).where(eq(store.id, storeId));
  return { storeId, ctx: { db, storeId, actor: { userId: demo!.ownerId } } };
}
