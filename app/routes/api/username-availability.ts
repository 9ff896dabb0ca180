import { data } from "react-router";
import { sessionContext } from "~/auth/session.server";
import { getDb } from "~/db/db.server";
import { checkUsername, getStoreByOwner } from "~/features/stores/store.server";
import type { Route } from "./+types/username-availability";

/** The onboarding form's live check: is this store username free and valid? */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Only someone choosing a name during onboarding needs this; strangers get nothing to enumerate.
  const user = context.get(sessionContext);
  if (!user) return data({ available: false, problem: "unauthorized" }, { status: 401 });
  const username = new URL(request.url).searchParams.get("username") ?? "";
  const db = getDb();
  // The owner's own current (or recently left) name is theirs to keep (settings, onboarding Back).
  const own = await getStoreByOwner(db, user.id);
  const result = await checkUsername(db, username.slice(0, 100), own?.id);
  return data(result, { headers: { "Cache-Control": "no-store" } });
}
