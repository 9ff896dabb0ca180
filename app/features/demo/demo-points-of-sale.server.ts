import { and, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { pointOfSale } from "~/db/schema/points-of-sale";
import { toStoreAddress } from "~/features/address/address.server";
import { EmbeddedAddressProvider } from "~/features/address/embedded-provider.server";
import { setOverride } from "~/features/points-of-sale/overrides.server";
import { createPointOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { DEMO_PRODUCTS } from "./demo-products";

// The demo store has two points of sale, so a newcomer sees the feature at once: the
// shop in Skopje (the store's own address) and one in Tetovo that sells a few products at its own
// prices and does not sell one.

/** Products priced differently in Tetovo: a few regular (not promoted) items, 10 den more. */
export const DEMO_TETOVO_OVERRIDES = 3;
export const DEMO_TETOVO_EXTRA_CENTS = 1_000;

export async function seedDemoPointsOfSale(
  tx: Queryable,
  demo: { storeId: string; userId: string; products: { id: string; priceCents: number }[] },
): Promise<void> {
  const ctx = { db: tx, storeId: demo.storeId, actor: { userId: demo.userId } };
  await tx
    .update(pointOfSale)
    .set({ name: "Маркет Демо — Скопје" })
    .where(eq(pointOfSale.storeId, demo.storeId));
  const [tetovo] = await new EmbeddedAddressProvider().suggest("Тетово", { limit: 1 });
  if (!tetovo) return;
  const point = await createPointOfSale(ctx, {
    name: "Маркет Демо — Тетово",
    slug: "tetovo",
    address: toStoreAddress(tetovo, "ул. Илинденска 45"),
    phone: "+38944333222",
  });
  // Regular items only: a promoted one would show its promotion on the store's price anyway.
  const regular = demo.products.filter((_, index) => DEMO_PRODUCTS[index]!.regularPriceCents === null);
  for (const item of regular.slice(0, DEMO_TETOVO_OVERRIDES)) {
    await setOverride(ctx, {
      pointOfSaleId: point.id,
      productId: item.id,
      priceCents: item.priceCents + DEMO_TETOVO_EXTRA_CENTS,
      source: "seed",
    });
  }
  const excluded = regular[DEMO_TETOVO_OVERRIDES];
  if (excluded)
    await setOverride(ctx, {
      pointOfSaleId: point.id,
      productId: excluded.id,
      excluded: true,
      source: "seed",
    });
}

/** The demo's Tetovo point of sale (tests, the e2e). */
export async function demoTetovo(db: Queryable, storeId: string) {
  const [row] = await db
    .select()
    .from(pointOfSale)
    .where(and(eq(pointOfSale.storeId, storeId), eq(pointOfSale.slug, "tetovo")));
  return row ?? null;
}
