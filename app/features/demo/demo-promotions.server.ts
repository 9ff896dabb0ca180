import type { Queryable } from "~/db/client.server";
import { promotion, promotionProduct } from "~/db/schema/promotions";
import { addDays, skopjeDay } from "~/lib/calendar";

// The demo store carries promotions in every state (PRODUCT.md), so a newcomer sees each: an active one, a
// scheduled one and an ended one. The demo catalogue's "regular price above the price" items are
// the active promotion's goods at their demo prices (decision 0040).

export type DemoPromotionProduct = {
  id: string;
  categoryName: string;
  regularPriceCents: number;
  /** The demo list's price of an item on promotion; null for the others. */
  promotionalPriceCents: number | null;
};

export async function seedDemoPromotions(
  db: Queryable,
  { storeId, products }: { storeId: string; products: DemoPromotionProduct[] },
  now: Date,
): Promise<void> {
  const today = skopjeDay(now);
  const onSale = products.filter((p) => p.promotionalPriceCents !== null);
  const others = products.filter((p) => p.promotionalPriceCents === null);
  const ended = others.filter((p) => p.categoryName === "Хигиена").slice(0, 3);
  const scheduled = others.filter((p) => p.categoryName === "Кафе и чај").slice(0, 4);
  const rows = await db
    .insert(promotion)
    .values([
      {
        storeId,
        name: "Викенд акција",
        type: "sales_action",
        discountType: "percentage",
        discountValue: 1_000,
        startsOn: addDays(today, -2),
        endsOn: addDays(today, 12),
      },
      {
        storeId,
        name: "Распродажба хигиена",
        type: "clearance",
        discountType: "percentage",
        discountValue: 1_500,
        startsOn: addDays(today, -25),
        endsOn: addDays(today, -12),
      },
      {
        storeId,
        name: "Промотивна недела на кафето",
        type: "promotional_sale",
        discountType: "percentage",
        discountValue: 2_000,
        startsOn: addDays(today, 5),
        endsOn: addDays(today, 11),
      },
    ])
    .returning({ id: promotion.id });
  const [active, past, coming] = rows.map((row) => row.id);
  const assign = (promotionId: string, items: DemoPromotionProduct[], custom: boolean) =>
    items.map((item) => ({
      storeId,
      promotionId,
      productId: item.id,
      customPriceCents: custom ? item.promotionalPriceCents : null,
      // The trigger copies the promotion's days and flag.
      startsOn: today,
      endsOn: today,
    }));
  const values = [
    ...assign(active!, onSale, true),
    ...assign(past!, ended, false),
    ...assign(coming!, scheduled, false),
  ];
  if (values.length > 0) await db.insert(promotionProduct).values(values);
}
