import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import type { Locale } from "~/i18n/config";
import { formatMoney, formatMoneyInput } from "~/lib/money";
import { searchKey } from "~/lib/transliterate";
import { customPriceProblem, type WizardSelection } from "./wizard-state";

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
 * Step 2 (spec §4, §5): search, filter by category, pick (or pick everything shown), an optional
 * custom price per chosen product. Big tap targets: 50 products in under a minute on a phone.
 */
export function WizardProductsStep({
  products,
  categories,
  selection,
  ownNames,
  onChange,
}: {
  products: WizardProductRow[];
  categories: { id: string; name: string }[];
  selection: WizardSelection;
  /** The promotion being edited: its own name is not "another promotion". */
  ownNames: string[];
  onChange: (selection: WizardSelection) => void;
}) {
  const { t, i18n } = useTranslation("promotions");
  const locale = i18n.language as Locale;
  const [query, setQuery] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const matching = useMemo(() => {
    const key = searchKey(query);
    return products.filter(
      (p) =>
        !p.forbidden && (!categoryId || p.categoryId === categoryId) && (!key || p.searchText.includes(key)),
    );
  }, [products, query, categoryId]);
  const count = Object.keys(selection).length;

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
          <Input id="product-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="product-category" className="font-medium text-sm">
            {t("fields.category")}
          </label>
          <Select id="product-category" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
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
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange({ ...Object.fromEntries(matching.map((p) => [p.id, ""])), ...selection })}
        >
          {t("selectAllInCategory", { count: matching.length })}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange({})} disabled={count === 0}>
          {t("clearSelection")}
        </Button>
        <span className="text-gray-700 text-sm" aria-live="polite">
          {t("selected", { count })}
        </span>
      </div>
      <ul className="flex flex-col divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
        {matching.slice(0, SHOWN).map((product) => {
          const chosen = product.id in selection;
          const typed = selection[product.id] ?? "";
          const problem = chosen ? customPriceProblem(product, typed) : null;
          const others = product.inPromotions.filter((name) => !ownNames.includes(name));
          const inputId = `custom-${product.id}`;
          return (
            <li key={product.id} className="px-3 py-2">
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
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
                      {t(problem.key, {
                        product: product.name,
                        price: formatMoneyInput(product.priceCents, locale),
                      })}
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
