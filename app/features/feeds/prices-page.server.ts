import type { Queryable } from "~/db/client.server";
import { getPublicDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import {
  listPublicClosedPointsOfSale,
  listPublicPointsOfSale,
} from "~/features/points-of-sale/point-of-sale-page.server";
import { listSealedDays } from "~/features/seals/seal.server";
import { publicStoreCache } from "~/features/storefront/public-caches.server";
import type { PublicStoreCache } from "~/features/storefront/public-store-cache.server";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { getConfig } from "~/lib/config.server";
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

export type PricesPageData = NonNullable<Awaited<ReturnType<typeof loadPricesPage>>>;

/**
 * /{username}/prices: what the machine-readable files are, in mk, en and sq. Its route's loader and
 * the published document (decision 0147) both read it. Null when the public may not see the store
 * (decision 0022: it answers like one that does not exist).
 */
export async function loadPricesPage(input: { username: string; locale: Locale }) {
  // Decision 0108: from memory while the store's version is current (no query).
  const page = await getPricesPage(getPublicDb(), input.username);
  if (!page) return null;
  const { store, days, sealed, pointsOfSale, closedPointsOfSale } = page;
  const t = getFixedT(input.locale);
  return {
    store: { username: store.username, name: store.name },
    days,
    // Only the days that have a seal link one (a day is sealed at its 23:55, or by the catch-up).
    sealed,
    pointsOfSale,
    closedPointsOfSale,
    title: t("pricelist:files.title", { name: store.name }),
    description: t("pricelist:files.intro"),
    canonical: `${storeAddress(store.username, getConfig().baseUrl)}/prices`,
  };
}
