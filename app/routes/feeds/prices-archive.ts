import { getPublicDb } from "~/db/db.server";
import { csvLocale, feedResponse } from "~/features/feeds/feed.server";
import { feedNotFound } from "~/features/feeds/not-found";
import { getArchivedFile } from "~/features/feeds/snapshot.server";
import { getPublicStore } from "~/features/stores/public-store.server";
import { isValidDay } from "~/lib/calendar";
import type { Route } from "./+types/prices-archive";

/** /{username}/prices/{YYYY-MM-DD}.csv|.json[?lang=sq|en]: what was public that day (the last snapshot). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const match = /^(\d{4}-\d{2}-\d{2})\.(csv|json)$/.exec(params.file);
  if (!match || !isValidDay(match[1]!)) throw feedNotFound(params.file);
  const [, day, format] = match as unknown as [string, string, "csv" | "json"];
  const db = getPublicDb();
  const store = await getPublicStore(db, params.username);
  if (!store) throw feedNotFound(params.file);
  const locale = csvLocale(new URL(request.url));
  const snapshot = await getArchivedFile(db, store.id, day, format, locale);
  if (!snapshot) throw feedNotFound(params.file);
  const language = format === "csv" ? `-${locale}` : "";
  return feedResponse(request, snapshot.body, {
    type: format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    etag: `"${store.id.slice(0, 8)}-${day}-${snapshot.createdAt.getTime()}${language}"`,
    lastModified: snapshot.createdAt,
    filename: `${store.username}-prices-${day}.${format}`,
  });
}
