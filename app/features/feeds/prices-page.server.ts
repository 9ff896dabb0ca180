import type { Queryable } from "~/db/client.server";
import {
  listPublicClosedPointsOfSale,
  listPublicPointsOfSale,
} from "~/features/points-of-sale/point-of-sale-page.server";
import { listSealedDays } from "~/features/seals/seal.server";
import { publicStoreCache } from "~/features/storefront/public-caches.server";
import type { PublicStoreCache } from "~/features/storefront/public-store-cache.server";
import { listArchivedDays } from "./snapshot.server";

// Decision 0108: /{username}/prices ran four queries per request, one after the
// other; on PostgreSQL the soak's 200 visitors queued them on a pool of 10 and most of its answers
// came after 10 s. What it lists changes only with the store's version (points of sale opened,
// closed or renamed; a day archived: migration 0034), so it is read once per version and held with
// the store (PublicStoreCache), like the feeds and the PDF.

/** What /{username}/prices shows of a public store, or null when the public may not see it. */
export async function getPricesPage(
  db: Queryable,
  username: string,
  stores: Pick<PublicStoreCache, "withDerived"> = publicStoreCache,
) {
  const found = await stores.withDerived(db, username, "prices-page", async (store) => {
    const days = await listArchivedDays(db, store.id);
    return {
      days,
      // Only a day that has a seal links one (sealing moves the store's version too).
      sealed: days.length > 0 ? await listSealedDays(db, store.id, days.at(-1)!) : { store: [], points: {} },
      // Every point of sale's files, when the store has several.
      pointsOfSale: await listPublicPointsOfSale(db, store),
      // Decision 0085: a closed point's dated archive stays reachable (a legal record).
      closedPointsOfSale: await listPublicClosedPointsOfSale(db, store.id),
    };
  });
  return found && { store: found.store, ...found.value };
}
