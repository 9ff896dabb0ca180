import { requireOwnerStore } from "~/auth/guards.server";
import { reviewPriorPrices } from "~/features/promotions/promotion-wizard.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/promotion-prior-prices";

/**
 * The wizard's review: prior prices (the lowest in the 30 days before) of the owner's chosen
 * products for a start day.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const params = new URL(request.url).searchParams;
  const promotion = params.get("promotion") ?? "";
  const priorPrices = await reviewPriorPrices(ctx, params, isUuid(promotion) ? promotion : null);
  return Response.json({ priorPrices: priorPrices ?? {} }, { headers: { "Cache-Control": "no-store" } });
}
