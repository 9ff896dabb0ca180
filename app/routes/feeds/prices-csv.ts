import { getPublicDb } from "~/db/db.server";
import { csvEtag, csvLocale, getLiveFeed, heldFeedResponse } from "~/features/feeds/feed.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { isAppError } from "~/lib/app-error";
import type { Route } from "./+types/prices-csv";

/** /{username}/prices.csv[?lang=sq|en]: the complete public price list for people, UTF-8 with BOM, no login. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const feed = await getLiveFeed(getPublicDb(), params.username);
    const locale = csvLocale(new URL(request.url));
    return heldFeedResponse(request, feed.csv[locale], {
      type: "text/csv; charset=utf-8",
      etag: csvEtag(feed.etag, locale),
      lastModified: feed.lastModified,
      filename: `${params.username}-prices.csv`,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") throw feedNotFound("prices.csv");
    throw error;
  }
}
