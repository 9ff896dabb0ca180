import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { feedResponse, getLiveFeed } from "~/features/feeds/feed.server";
import { isAppError } from "~/lib/app-error";
import type { Route } from "./+types/prices-csv";

/** /{username}/prices.csv: the complete public price list, UTF-8 with BOM, no login. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const feed = await getLiveFeed(getDb(), params.username);
    return feedResponse(request, feed.csv, {
      type: "text/csv; charset=utf-8",
      etag: feed.etag,
      lastModified: feed.lastModified,
      filename: `${params.username}-prices.csv`,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") throw data(null, { status: 404 });
    throw error;
  }
}
