import { getPublicDb } from "~/db/db.server";
import { csvEtag, csvLocale, getLiveFeed, heldFeedResponse } from "~/features/feeds/feed.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { isAppError } from "~/lib/app-error";
import type { Route } from "./+types/point-of-sale-prices-csv";

/** /{username}/{slug}/prices.csv[?lang=sq|en]: one point of sale's price list, as the store's. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const feed = await getLiveFeed(getPublicDb(), params.username, params.pointOfSale);
    const locale = csvLocale(new URL(request.url));
    return heldFeedResponse(request, feed.csv[locale], {
      type: "text/csv; charset=utf-8",
      etag: csvEtag(feed.etag, locale),
      lastModified: feed.lastModified,
      filename: `${params.username}-${params.pointOfSale}-prices.csv`,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") throw feedNotFound("prices.csv");
    throw error;
  }
}
