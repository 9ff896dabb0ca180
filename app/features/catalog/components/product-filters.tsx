import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CompactField, FilterForm } from "~/components/filter-panel";
import { SearchField } from "~/components/search-field";
import { categoryChoices, SelectOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox";
import { Select } from "~/components/ui/input";
import { hasActiveFilters, PRODUCT_SORTS, type ProductListParams } from "../product-list-params";

/** Search, filters and sort of the products list; the view lives in the URL (FilterForm). */
export function ProductFilters({
  params,
  categories,
}: {
  params: ProductListParams;
  categories: { id: string; name: string }[];
}) {
  const { t } = useTranslation("products");
  // One select per list parameter: labelled filters.<name>, showing the parameter's current value.
  const select = (name: "category" | "status" | "stock" | "sort" | "dir", options: React.ReactNode) => (
    <CompactField id={`filter-${name}`} label={t(`filters.${name}`)} className="min-w-0 max-w-full">
      <Select
        id={`filter-${name}`}
        name={name}
        defaultValue={params[name]}
        className="w-auto min-w-32 max-w-full"
      >
        {options}
      </Select>
    </CompactField>
  );
  return (
    <FilterForm>
      <input type="hidden" name="size" value={params.pageSize} />
      <div className="flex gap-2">
        <SearchField
          id="q"
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          defaultValue={params.q}
          className="flex-1"
        />
        <Button type="submit" variant="outline">
          {t("search.submit")}
        </Button>
      </div>
      {/* On a phone the filters fold under one line, so the products start on the first screen; from
          md up they are always open. Each select is as wide as its longest choice. */}
      <details
        open={hasActiveFilters(params) || undefined}
        className="md:[&::details-content]:[content-visibility:visible]"
      >
        <summary className="cursor-pointer font-medium text-gray-700 text-sm md:hidden">
          {t("filters.label")}
        </summary>
        <div className="mt-3 flex flex-wrap gap-3 md:mt-0">
          {select(
            "category",
            <SelectOptions
              empty={t("filters.allCategories")}
              choices={[{ value: "none", label: t("filters.uncategorised") }, ...categoryChoices(categories)]}
            />,
          )}
          {select(
            "status",
            <>
              <option value="">{t("filters.allStatuses")}</option>
              <option value="active">{t("status.active")}</option>
              <option value="inactive">{t("status.inactive")}</option>
            </>,
          )}
          {select(
            "stock",
            <>
              <option value="">{t("filters.allStock")}</option>
              <option value="in">{t("availability.in_stock")}</option>
              <option value="out">{t("availability.out_of_stock")}</option>
            </>,
          )}
          {select(
            "sort",
            <SelectOptions
              choices={PRODUCT_SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
            />,
          )}
          {select(
            "dir",
            <>
              <option value="asc">{t("filters.asc")}</option>
              <option value="desc">{t("filters.desc")}</option>
            </>,
          )}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          <CheckboxLabel name="promo" value="1" defaultChecked={params.promo} label={t("filters.promo")} />
          <CheckboxLabel
            name="noImage"
            value="1"
            defaultChecked={params.noImage}
            label={t("filters.noImage")}
          />
          <CheckboxLabel
            name="attention"
            value="1"
            defaultChecked={params.attention}
            label={t("filters.attention")}
          />
          {hasActiveFilters(params) ? (
            <Link to="/dashboard/products" className="ml-auto text-brand-700 hover:underline">
              {t("filters.clear")}
            </Link>
          ) : null}
        </div>
      </details>
    </FilterForm>
  );
}
