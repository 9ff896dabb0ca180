import { requireUser } from "~/auth/guards.server";
import { getAddressProvider, signSuggestion } from "~/features/address/address.server";
import { AppError } from "~/lib/app-error";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/address-suggestions";

/** Address suggestions for the onboarding and settings forms (signed, see address.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, "api");
  const q = new URL(request.url).searchParams.get("q")?.slice(0, 100) ?? "";
  return handleAction(
    async () => {
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
