import { data } from "react-router";
import { sessionContext } from "~/auth/session.server";
import { getAddressProvider, signSuggestion } from "~/features/address/address.server";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/address-suggestions";

/** Address suggestions for the onboarding and settings forms (signed, see address.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(sessionContext))
    return data({ suggestions: [], error: "errors:unauthorized" }, { status: 401 });
  const q = new URL(request.url).searchParams.get("q")?.slice(0, 100) ?? "";
  try {
    const suggestions = await getAddressProvider().suggest(q, { limit: 8 });
    return data(
      { suggestions: suggestions.map(signSuggestion), error: null },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    logger.warn({ err: error }, "address suggestions failed");
    return data({ suggestions: [], error: "errors:addressLookupFailed" }, { status: 502 });
  }
}
