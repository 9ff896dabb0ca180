import { redirect } from "react-router";
import { getPublicDb } from "~/db/db.server";
import { csvLocale, feedResponse } from "~/features/feeds/feed.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { getArchivedFile } from "~/features/feeds/snapshot.server";
import { findPointOfSaleBySlug } from "~/features/points-of-sale/point-of-sale.server";
import { getSeal, getSealedFile } from "~/features/seals/seal.server";
import { getPublicStore } from "~/features/stores/public-store.server";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { isValidDay } from "~/lib/calendar";
import type { Route } from "./+types/point-of-sale-prices-archive";

/** /{username}/{slug}/prices/{YYYY-MM-DD}.csv|.json: what that point of sale's list said that day. */
export async function loader({ request, params }: Route.LoaderArgs) {
  // A day without an extension is a person asking for the day: its page (decision 0140). The
  // names are encoded, so a decoded "/" in them can never make the address another host's.
  if (isValidDay(params.file))
    throw redirect(
      `/${encodeURIComponent(params.username)}/${encodeURIComponent(params.pointOfSale)}/prices/day/${params.file}`,
    );
  const match = /^(\d{4}-\d{2}-\d{2})\.(csv|json|seal\.json)$/.exec(params.file);
  if (!match || !isValidDay(match[1]!)) throw feedNotFound(params.file);
  const [, day, format] = match as unknown as [string, string, "csv" | "json" | "seal.json"];
  const db = getPublicDb();
  const store = await getPublicStore(db, params.username);
  if (!store) throw feedNotFound(params.file);
  // A closed point of sale's archive stays at its address (decision 0085).
  const point = await findPointOfSaleBySlug(db, store.id, params.pointOfSale, { closed: true });
  if (!point) throw feedNotFound(params.file);
  if (format === "seal.json") {
    // Decision 0130: the day's signed seal, of this store's (or point's) chain only.
    const seal = await getSeal(db, store.id, point.id, day);
    if (!seal) throw feedNotFound(params.file);
    return feedResponse(request, seal.seal, {
      type: "application/json; charset=utf-8",
      lastModified: seal.createdAt,
      filename: `${store.username}-${point.slug}-prices-${day}.seal.json`,
    });
  }
  const locale = csvLocale(new URL(request.url));
  // A sealed day answers the very bytes its seal covers (the CSV in the default language).
  const sealed =
    format === "json" || locale === DEFAULT_LOCALE
      ? await getSealedFile(db, store.id, point.id, day, format)
      : null;
  const snapshot = sealed ?? (await getArchivedFile(db, store.id, day, format, locale, point));
  if (!snapshot) throw feedNotFound(params.file);
  const language = format === "csv" ? `-${locale}` : "";
  return feedResponse(request, snapshot.body, {
    type: format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    etag: `"${point.id.slice(0, 8)}-${day}-${snapshot.createdAt.getTime()}${language}"`,
    lastModified: snapshot.createdAt,
    filename: `${store.username}-${point.slug}-prices-${day}.${format}`,
  });
}
