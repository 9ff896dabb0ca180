import { getPublicDb } from "~/db/db.server";
import { getLiveFeed, heldFeedResponse } from "~/features/feeds/feed.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { isAppError } from "~/lib/app-error";
import type { Route } from "./+types/prices-json";

/** /{username}/prices.json: the complete public price list for programs, no login. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const feed = await getLiveFeed(getPublicDb(), params.username);
    return heldFeedResponse(request, feed.json, {
      type: "application/json; charset=utf-8",
      etag: feed.etag,
      lastModified: feed.lastModified,
      filename: `${params.username}-prices.json`,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") throw feedNotFound("prices.json");
    throw error;
  }
}
