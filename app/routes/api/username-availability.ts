import { requireOwner } from "~/auth/guards.server";
import { checkUsername } from "~/features/stores/store.server";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/username-availability";

/** The onboarding and settings forms' live check: is this store username free and valid? */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Only someone choosing a name needs this; strangers get 401 and nothing to enumerate.
  const { db, store } = await requireOwner(context, "api");
  const username = new URL(request.url).searchParams.get("username") ?? "";
  return handleAction(
    // The owner's own current (or recently left) name is theirs to keep (settings, onboarding Back).
    () => checkUsername(db, username.slice(0, 100), store?.id),
    { headers: { "Cache-Control": "no-store" } },
  );
}
