import { isValidDay } from "~/lib/calendar";
import type { MoneyLocale } from "~/lib/money";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { StoreContext } from "~/lib/service-context";
import { searchKey } from "~/lib/transliterate";
import { isUuid } from "~/lib/uuid";
import {
  matchingProducts,
  selectionFromJson,
  selectionToJson,
  type WizardStep,
  type WizardValues,
} from "./components/wizard-state";
import { priorPrices } from "./price-in-effect.server";
import { promotionDetailsSchemaFor, promotionSchemaFor } from "./promotion.schema";
import { checkProducts, promotionStartRule } from "./promotion.server";
import { listWizardProducts } from "./promotion-wizard.server";

// The promotion wizard without JavaScript (decision 0065): every step's button is a
// submit carrying `step`, the whole state travels in the form, and the action answers the next
// step's state (or a failure whose intent is the step to show again). With JavaScript the page
// moves between steps itself and only the save is posted.

const DETAIL_FIELDS = ["name", "type", "discountType", "value", "startsOn", "endsOn"] as const;

/** Where a step's button leads: the three steps, or the products step's own buttons. */
export type WizardNavigation = WizardStep | "selectAll" | "clear";
const NAVIGATIONS: readonly string[] = ["details", "products", "review", "selectAll", "clear"];

/** The step a post asks for; null is the save (the "Save" and "Move them here" buttons). */
export function wizardNavigation(form: FormData): WizardNavigation | null {
  const step = String(form.get("step") ?? "");
  return NAVIGATIONS.includes(step) ? (step as WizardNavigation) : null;
}

/**
 * The strings of a wizard post: the details, the products filter, and the selection as the save's
 * JSON. The selection is the `products` JSON when posted (the script's save, the API), else the
 * checked `product` boxes with their `custom:<id>` prices.
 */
export function wizardValues(form: FormData): WizardValues & { move?: string } {
  const values: WizardValues & { move?: string } = {};
  for (const key of DETAIL_FIELDS) {
    const value = form.get(key);
    if (typeof value === "string") values[key] = value;
  }
  for (const key of ["q", "category", "move"] as const) {
    const value = form.get(key);
    if (typeof value === "string") values[key] = value;
  }
  const json = form.get("products");
  if (typeof json === "string") values.products = json;
  else {
    const selection: Record<string, string> = {};
    for (const id of form.getAll("product"))
      if (typeof id === "string") selection[id] = String(form.get(`custom:${id}`) ?? "");
    values.products = selectionToJson(selection);
  }
  return values;
}

/**
 * One step of the wizard posted without JavaScript. Details are checked before the products step
 * (field errors on the details step), the selection and its custom prices before the review (the
 * messages shown on the products step), and the review gets its prior prices here.
 */
export async function promotionWizardStep(
  ctx: StoreContext,
  navigation: WizardNavigation,
  values: WizardValues,
  options: { id?: string; locale: MoneyLocale },
) {
  if (navigation === "details") return { ok: true as const, wizard: { step: "details" as const, values } };
  const leaving: WizardStep = navigation === "review" ? "products" : "details";
  return handleAction(
    async () => {
      const rule = await promotionStartRule(ctx, options.id ?? null);
      parseForm(promotionDetailsSchemaFor(rule), values);
      if (navigation === "products") return { wizard: { step: "products" as const, values } };
      if (navigation === "clear")
        return { wizard: { step: "products" as const, values: { ...values, products: "[]" } } };
      if (navigation === "selectAll") {
        const shown = matchingProducts(
          await listWizardProducts(ctx),
          searchKey(values.q ?? ""),
          values.category ?? "",
        );
        const selection = {
          ...Object.fromEntries(shown.map((p) => [p.id, ""])),
          ...selectionFromJson(values.products),
        };
        return {
          wizard: { step: "products" as const, values: { ...values, products: selectionToJson(selection) } },
        };
      }
      const input = parseForm(promotionSchemaFor(rule), values);
      const ids = await checkProducts(ctx, input, options.locale);
      const prior = await priorPrices(ctx.db, ctx.storeId, ids, input.startsOn, options.id ?? null);
      return { wizard: { step: "review" as const, values, priorPrices: prior } };
    },
    { intent: leaving, values, fallback: "promotionLoadFailed" },
  );
}

/**
 * The prior prices of a posted selection (the store's own products only), for a failed save drawn
 * again without JavaScript (the move question): null when the days or ids cannot be read.
 */
export async function postedPriorPrices(
  ctx: StoreContext,
  values: WizardValues,
  promotionId: string | null,
): Promise<Record<string, number> | null> {
  const startsOn = values.startsOn ?? "";
  if (!isValidDay(startsOn)) return null;
  const ids = Object.keys(selectionFromJson(values.products)).filter(isUuid);
  return priorPrices(ctx.db, ctx.storeId, ids, startsOn, promotionId);
}
