import type { Queryable } from "~/db/client.server";
import { pointOfSaleSnapshot } from "~/db/schema/points-of-sale";
import type { store } from "~/db/schema/stores";
import { formatAddress } from "~/features/address/address";
import { skopjeDay } from "~/features/confirmation/calendar";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { toJson } from "~/features/feeds/serialize";

// Decision 0085: the list a point of sale showed when it closed is its day's last archived list,
// so /{username}/{slug}/prices/{day} answers what it really was that day, also after it closed.

export async function archiveClosingList(
  tx: Queryable,
  owner: typeof store.$inferSelect,
  point: { id: string; slug: string; name: string; address: typeof owner.address },
  now: Date,
): Promise<void> {
  const address = point.address ?? owner.address;
  const list = await buildPriceList(tx, owner, now, {
    id: point.id,
    slug: point.slug,
    name: point.name,
    address: address ? formatAddress(address, "mk") : null,
  });
  await tx.insert(pointOfSaleSnapshot).values({
    storeId: owner.id,
    pointOfSaleId: point.id,
    day: skopjeDay(now),
    json: toJson(list),
    createdAt: now,
  });
}
