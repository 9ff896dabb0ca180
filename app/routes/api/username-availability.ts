import { requireOwner } from "~/auth/guards.server";
import { checkUsername } from "~/features/stores/store.server";
import { AppError } from "~/lib/app-error";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/username-availability";

/** Asked as the owner types; more than this is enumerating the taken names. */
const checksPerUser = createRateLimiter({ limit: 120, windowMs: 60_000 });

/** The onboarding and settings forms' live check: is this store username free and valid? */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Only someone choosing a name needs this; strangers get 401 and nothing to enumerate.
  const { db, user, store } = await requireOwner(context, "api");
  const username = new URL(request.url).searchParams.get("username") ?? "";
  return handleAction(
    // The owner's own current (or recently left) name is theirs to keep (settings, onboarding Back).
    async () => {
      if (!checksPerUser.allow(user.id)) throw new AppError("rateLimited");
      return checkUsername(db, username.slice(0, 100), store?.id);
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
