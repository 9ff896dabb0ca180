import { formatMoneyInput, type MoneyLocale, parseMoney } from "~/lib/money";
import { type Discount, promotionalPrice } from "../promotion-price";

// The wizard's state in the browser (Details → Products → Review, decision 0039), and the checks the
// server repeats (promotion.schema.ts, promotion.server.ts), so the owner learns at once.

export type WizardDetails = {
  name: string;
  type: string;
  discountType: string;
  value: string;
  startsOn: string;
  endsOn: string;
};

/** Chosen product id → the custom price as typed ("" for none). */
export type WizardSelection = Record<string, string>;

export type ChoosableProduct = { id: string; name: string; priceCents: number };

/** The discount of the details as the price rule wants it (hundredths), or null while invalid. */
export function discountOf(details: WizardDetails): Discount | null {
  const value = parseMoney(details.value);
  if (value === null || value < 100) return null;
  return { discountType: details.discountType === "fixed" ? "fixed" : "percentage", discountValue: value };
}

/**
 * The first problem of one chosen product's custom price: 'Custom price for {product} must be less
 * than {price} MKD' (a promotional price is below the regular one), or an unreadable one. null
 * when it is fine. The message's values travel with its key, so the field and the step's alert
 * both name the product and its regular price.
 */
export function customPriceProblem(
  product: ChoosableProduct,
  typed: string,
  locale: MoneyLocale,
): { key: string; cents: number | null; values: { product: string; price: string } } | null {
  if (!typed.trim()) return null;
  const values = { product: product.name, price: formatMoneyInput(product.priceCents, locale) };
  const cents = parseMoney(typed);
  if (cents === null || cents <= 0) return { key: "validation:priceInvalid", cents: null, values };
  if (cents >= product.priceCents) return { key: "errors:customPriceTooHigh", cents, values };
  return null;
}

/** The promotional price of a chosen product under the details (null: it would not be lower). */
export function newPriceOf(product: ChoosableProduct, details: WizardDetails, typed: string): number | null {
  const discount = discountOf(details);
  const custom = typed.trim() ? parseMoney(typed) : null;
  if (!discount) return custom !== null && custom < product.priceCents && custom > 0 ? custom : null;
  return promotionalPrice(product.priceCents, discount, custom);
}

// Without JavaScript each step is a plain form post (decision 0065): the route action answers the
// next step's state, and the page renders it. These encode that state in strings both ways.

export const WIZARD_STEPS = ["details", "products", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The strings a step's post carries: the details, the selection as JSON, and the products filter. */
export type WizardValues = Partial<
  Record<keyof WizardDetails | "products" | "q" | "category" | "priorPrices", string>
>;

/** The selection as the save expects it: `[{ productId, customPrice }]` in JSON. */
export function selectionToJson(selection: WizardSelection): string {
  return JSON.stringify(
    Object.keys(selection)
      .sort()
      .map((id) => ({ productId: id, customPrice: selection[id] ?? "" })),
  );
}

/** The selection back from its JSON; anything malformed is an empty selection. */
export function selectionFromJson(json: string | undefined): WizardSelection {
  try {
    const rows = JSON.parse(json ?? "[]") as unknown;
    if (!Array.isArray(rows)) return {};
    const selection: WizardSelection = {};
    for (const row of rows as { productId?: unknown; customPrice?: unknown }[])
      if (typeof row?.productId === "string")
        selection[row.productId] = typeof row.customPrice === "string" ? row.customPrice : "";
    return selection;
  } catch {
    return {};
  }
}

/** The products a search and a category show (the same on the page and in a no-script post). */
export function matchingProducts<
  P extends { forbidden: boolean; categoryId: string | null; searchText: string },
>(products: P[], key: string, categoryId: string): P[] {
  return products.filter(
    (p) =>
      !p.forbidden && (!categoryId || p.categoryId === categoryId) && (!key || p.searchText.includes(key)),
  );
}

function priorPricesFromJson(json: string | undefined): Record<string, number> | null {
  try {
    const parsed = json ? (JSON.parse(json) as unknown) : null;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : null;
  } catch {
    return null;
  }
}

/** What the page shows after a step's post (or a failed save): the step and its state. */
export type RestoredWizard = {
  step: WizardStep;
  details: WizardDetails;
  selection: WizardSelection;
  query: string;
  categoryId: string;
  errors: Record<string, string>;
  priorPrices: Record<string, number> | null;
};

/**
 * The wizard's state from the action's answer: a step's success (`wizard`), or a failure whose
 * intent names the step that shows it (a failed save shows the review). null before any post.
 */
export function restoreWizard(answer: unknown, fallback: WizardDetails): RestoredWizard | null {
  if (!answer || typeof answer !== "object") return null;
  const result = answer as {
    ok?: boolean;
    intent?: string;
    values?: WizardValues;
    errors?: Record<string, string>;
    wizard?: { step: WizardStep; values: WizardValues; priorPrices?: Record<string, number> };
  };
  const values = result.ok ? result.wizard?.values : result.values;
  if (!values) return null;
  const step = result.ok
    ? (result.wizard?.step ?? "details")
    : (WIZARD_STEPS.find((s) => s === result.intent) ?? "review");
  const details: WizardDetails = {
    name: values.name ?? fallback.name,
    type: values.type ?? fallback.type,
    discountType: values.discountType ?? fallback.discountType,
    value: values.value ?? fallback.value,
    startsOn: values.startsOn ?? fallback.startsOn,
    endsOn: values.endsOn ?? fallback.endsOn,
  };
  return {
    step,
    details,
    selection: selectionFromJson(values.products),
    query: values.q ?? "",
    categoryId: values.category ?? "",
    errors: !result.ok && step === "details" ? (result.errors ?? {}) : {},
    priorPrices: result.ok ? (result.wizard?.priorPrices ?? null) : priorPricesFromJson(values.priorPrices),
  };
}
