import { data } from "react-router";
import { getPublicDb } from "~/db/db.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { getPublicStore } from "./public-store.server";

/**
 * What a public page at /{username}/… starts from: the public database (decision 0083), the store (a 404 when the public
 * may not see it, decision 0022) and the translator of the request's language.
 */
export async function loadPublicStorePage(request: Request, username: string) {
  const db = getPublicDb();
  const store = await getPublicStore(db, username);
  if (!store) throw data(null, { status: 404 });
  return { db, store, t: getFixedT(requestLocale(request)) };
}
