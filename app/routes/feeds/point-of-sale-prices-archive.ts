import { getPublicDb } from "~/db/db.server";
import { csvLocale, feedResponse } from "~/features/feeds/feed.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { getArchivedFile } from "~/features/feeds/snapshot.server";
import { findPointOfSaleBySlug } from "~/features/points-of-sale/point-of-sale.server";
import { getPublicStore } from "~/features/stores/public-store.server";
import { isValidDay } from "~/lib/calendar";
import type { Route } from "./+types/point-of-sale-prices-archive";

/** /{username}/{slug}/prices/{YYYY-MM-DD}.csv|.json: what that point of sale's list said that day. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const match = /^(\d{4}-\d{2}-\d{2})\.(csv|json)$/.exec(params.file);
  if (!match || !isValidDay(match[1]!)) throw feedNotFound(params.file);
  const [, day, format] = match as unknown as [string, string, "csv" | "json"];
  const db = getPublicDb();
  const store = await getPublicStore(db, params.username);
  if (!store) throw feedNotFound(params.file);
  // A closed point of sale's archive stays at its address (decision 0085).
  const point = await findPointOfSaleBySlug(db, store.id, params.pointOfSale, { closed: true });
  if (!point) throw feedNotFound(params.file);
  const locale = csvLocale(new URL(request.url));
  const snapshot = await getArchivedFile(db, store.id, day, format, locale, point);
  if (!snapshot) throw feedNotFound(params.file);
  const language = format === "csv" ? `-${locale}` : "";
  return feedResponse(request, snapshot.body, {
    type: format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    etag: `"${point.id.slice(0, 8)}-${day}-${snapshot.createdAt.getTime()}${language}"`,
    lastModified: snapshot.createdAt,
    filename: `${store.username}-${point.slug}-prices-${day}.${format}`,
  });
}
