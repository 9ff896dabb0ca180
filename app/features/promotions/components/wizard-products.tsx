import { type MouseEvent, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import type { Locale } from "~/i18n/config";
import { formatMoney } from "~/lib/money";
import { searchKey } from "~/lib/transliterate";
import { customPriceProblem, matchingProducts, type WizardSelection } from "./wizard-state";

export type WizardProductRow = {
  id: string;
  name: string;
  priceCents: number;
  categoryId: string | null;
  searchText: string;
  inPromotions: string[];
  forbidden: boolean;
};

/** Rows drawn at once; a search or a category narrows a larger store. */
const SHOWN = 300;

/**
 * Step 2: search, filter by category, pick (or pick everything shown), an optional
 * custom price per chosen product. Big tap targets: 50 products in under a minute on a phone.
 */
export function WizardProductsStep({
  products,
  categories,
  selection,
  ownNames,
  query,
  categoryId,
  onFilter,
  onChange,
}: {
  products: WizardProductRow[];
  categories: { id: string; name: string }[];
  selection: WizardSelection;
  /** The promotion being edited: its own name is not "another promotion". */
  ownNames: string[];
  query: string;
  categoryId: string;
  onFilter: (filter: { query: string; categoryId: string }) => void;
  onChange: (selection: WizardSelection) => void;
}) {
  const { t, i18n } = useTranslation("promotions");
  const locale = i18n.language as Locale;
  const matching = useMemo(
    () => matchingProducts(products, searchKey(query), categoryId),
    [products, query, categoryId],
  );
  const shown = matching.slice(0, SHOWN);
  const shownIds = new Set(shown.map((p) => p.id));
  const count = Object.keys(selection).length;
  // Without JavaScript these buttons post the step (decision 0065); with it they act here.
  const instead = (work: () => void) => (event: MouseEvent) => {
    event.preventDefault();
    work();
  };

  const toggle = (id: string, on: boolean) => {
    const next = { ...selection };
    if (on) next[id] = next[id] ?? "";
    else delete next[id];
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="product-search" className="font-medium text-sm">
            {t("fields.search")}
          </label>
          <div className="flex gap-2">
            <Input
              id="product-search"
              name="q"
              type="search"
              value={query}
              onChange={(e) => onFilter({ query: e.target.value, categoryId })}
            />
            {/* The first submit of the step, so Enter in a field searches; the page filters as you type. */}
            <Button type="submit" name="step" value="products" variant="outline" onClick={instead(() => {})}>
              {t("showMatching")}
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="product-category" className="font-medium text-sm">
            {t("fields.category")}
          </label>
          <Select
            id="product-category"
            name="category"
            value={categoryId}
            onChange={(e) => onFilter({ query, categoryId: e.target.value })}
          >
            <option value="">{t("fields.allCategories")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="submit"
          name="step"
          value="selectAll"
          variant="outline"
          size="sm"
          onClick={instead(() =>
            onChange({ ...Object.fromEntries(matching.map((p) => [p.id, ""])), ...selection }),
          )}
        >
          {t("selectAllInCategory", { count: matching.length })}
        </Button>
        <Button
          type="submit"
          name="step"
          value="clear"
          variant="ghost"
          size="sm"
          onClick={instead(() => onChange({}))}
          disabled={count === 0}
        >
          {t("clearSelection")}
        </Button>
        <span className="text-gray-700 text-sm" aria-live="polite">
          {t("selected", { count })}
        </span>
      </div>
      {/* Chosen products a search hides stay chosen. */}
      {Object.keys(selection)
        .filter((id) => !shownIds.has(id))
        .map((id) => (
          <span key={id} hidden>
            <input type="hidden" name="product" value={id} />
            <input type="hidden" name={`custom:${id}`} value={selection[id] ?? ""} />
          </span>
        ))}
      <ul className="flex flex-col divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
        {shown.map((product) => {
          const chosen = product.id in selection;
          const typed = selection[product.id] ?? "";
          const problem = chosen ? customPriceProblem(product, typed, locale) : null;
          const others = product.inPromotions.filter((name) => !ownNames.includes(name));
          const inputId = `custom-${product.id}`;
          return (
            <li key={product.id} className="px-3 py-2">
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  name="product"
                  value={product.id}
                  className="size-5 shrink-0 accent-brand-600"
                  checked={chosen}
                  onChange={(e) => toggle(product.id, e.target.checked)}
                />
                <span className="min-w-0 flex-1">
                  <span className="block break-words font-medium text-sm">{product.name}</span>
                  {others.length > 0 ? (
                    <span className="block text-amber-800 text-xs">
                      {t("inPromotion", { names: others.join(", ") })}
                    </span>
                  ) : null}
                </span>
                <span className="shrink-0 text-sm tabular-nums">
                  {formatMoney(product.priceCents, locale)}
                </span>
              </label>
              {chosen ? (
                <div className="mt-1 flex flex-col gap-1 pl-8">
                  <label htmlFor={inputId} className="sr-only">
                    {t("fields.customPrice", { product: product.name })}
                  </label>
                  <Input
                    id={inputId}
                    name={`custom:${product.id}`}
                    inputMode="decimal"
                    placeholder={t("fields.customPriceShort")}
                    value={typed}
                    onChange={(e) => onChange({ ...selection, [product.id]: e.target.value })}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${inputId}-error` : undefined}
                    className="max-w-44"
                  />
                  {problem ? (
                    <p id={`${inputId}-error`} role="alert" className="text-red-600 text-sm">
                      {t(problem.key, problem.values)}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
