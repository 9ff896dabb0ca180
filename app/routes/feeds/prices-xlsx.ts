import { getPublicDb } from "~/db/db.server";
import {
  csvLocale,
  feedResponse,
  getLiveFeed,
  heldXlsx,
  XLSX_TYPE,
  xlsxEtag,
} from "~/features/feeds/feed.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { isAppError } from "~/lib/app-error";
import type { Route } from "./+types/prices-xlsx";

/** /{username}/prices.xlsx[?lang=sq|en]: the complete public price list as an Excel workbook for people, no login. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const feed = await getLiveFeed(getPublicDb(), params.username);
    const locale = csvLocale(new URL(request.url));
    // A workbook is a zip already: it goes as it is, never compressed again.
    return feedResponse(request, await heldXlsx(feed, locale), {
      type: XLSX_TYPE,
      etag: xlsxEtag(feed.etag, locale),
      lastModified: feed.lastModified,
      filename: `${params.username}-prices.xlsx`,
    });
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") throw feedNotFound("prices.xlsx");
    throw error;
  }
}
