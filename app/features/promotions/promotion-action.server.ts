import { redirect } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { flashHeaders } from "~/lib/flash.server";
import type { MoneyLocale } from "~/lib/money";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { StoreContext } from "~/lib/service-context";
import { promotionSchemaFor } from "./promotion.schema";
import { deletePromotion, promotionStartRule, savePromotion } from "./promotion.server";
import { setPromotionActive } from "./promotion-activation.server";
import {
  postedPriorPrices,
  promotionWizardStep,
  wizardNavigation,
  wizardValues,
} from "./promotion-wizard-steps.server";

// The promotion pages' actions, through the one route adapter (decision 0017).

/** /dashboard/promotions: activate, deactivate or delete one promotion. */
export async function promotionsListAction(ctx: StoreContext, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("promotionId") ?? "");
  return handleAction(
    async () => {
      if (intent === "delete") {
        await deletePromotion(ctx, id);
        return { message: "promotions:deleted" };
      }
      await setPromotionActive(ctx, id, intent === "activate");
      return { message: intent === "activate" ? "promotions:activated" : "promotions:deactivated" };
    },
    { intent, fallback: intent === "delete" ? "promotionDeleteFailed" : "promotionSaveFailed" },
  );
}

/**
 * The wizard's post: a step's button without JavaScript (decision 0065), or the save of a new
 * promotion or of the one being edited (its id from the URL, checked). A failed save is shown on
 * the review step.
 */
export async function promotionSaveAction(
  ctx: StoreContext,
  form: FormData,
  options: { id?: string; locale: MoneyLocale },
) {
  const values = wizardValues(form);
  const navigation = wizardNavigation(form);
  if (navigation) return promotionWizardStep(ctx, navigation, values, options);
  const answer = await handleAction(
    async () => {
      // The form's rules with today's date (decision 0094): no first day before today.
      const rule = await promotionStartRule(ctx, options.id ?? null);
      const saved = await savePromotion(ctx, parseForm(promotionSchemaFor(rule), values), options);
      return redirect(`/dashboard/promotions?saved=${saved.id}`, {
        headers: flashHeaders("promotions:saved"),
      });
    },
    { intent: "review", values, fallback: "promotionSaveFailed" },
  );
  // Without JavaScript the review (and its move question) is drawn again from this answer alone.
  const failed = (answer as { data?: ActionResult }).data;
  if (failed && !failed.ok && failed.values) {
    const prior = await postedPriorPrices(ctx, values, options.id ?? null).catch(() => null);
    if (prior) failed.values.priorPrices = JSON.stringify(prior);
  }
  return answer;
}
