import { requireUser } from "~/auth/guards.server";
import { getAddressProvider, signSuggestion } from "~/features/address/address.server";
import { AppError } from "~/lib/app-error";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/address-suggestions";

/**
 * The form asks as the owner types (debounced); a signed-in account that asks more than this floods
 * the geocoder behind it (Photon, when configured), whose operator limits us for everyone.
 */
const suggestionsPerUser = createRateLimiter({ limit: 120, windowMs: 60_000 });

/** Address suggestions for the onboarding and settings forms (signed, see address.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, "api");
  const q = new URL(request.url).searchParams.get("q")?.slice(0, 100) ?? "";
  return handleAction(
    async () => {
      if (!suggestionsPerUser.allow(user.id)) throw new AppError("rateLimited");
      const suggestions = await getAddressProvider()
        .suggest(q, { limit: 8 })
        .catch((error: unknown) => {
          throw new AppError("addressLookupFailed", { cause: error });
        });
      return { suggestions: suggestions.map(signSuggestion) };
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
