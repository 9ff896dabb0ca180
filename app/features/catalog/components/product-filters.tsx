import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { hasActiveFilters, PRODUCT_SORTS, type ProductListParams } from "../product-list-params";

/**
 * Search, filters and sort as a GET form: the server filters, and the URL keeps the view so it
 * can be shared and reloaded. A changed select applies at once; the search applies on Enter.
 */
export function ProductFilters({
  params,
  categories,
}: {
  params: ProductListParams;
  categories: { id: string; name: string }[];
}) {
  const { t } = useTranslation("products");
  const submit = useSubmit();
  const label = "font-medium text-gray-700 text-xs";
  return (
    <Form
      method="get"
      role="search"
      className="mt-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm"
      onChange={(event) => {
        const target = event.target as HTMLElement;
        if (
          target instanceof HTMLSelectElement ||
          (target instanceof HTMLInputElement && target.type === "checkbox")
        ) {
          submit(event.currentTarget);
        }
      }}
    >
      <input type="hidden" name="size" value={params.pageSize} />
      <div className="flex gap-2">
        <label htmlFor="q" className="sr-only">
          {t("search.label")}
        </label>
        <div className="relative flex-1">
          <Search aria-hidden className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-gray-400" />
          <Input
            id="q"
            name="q"
            type="search"
            defaultValue={params.q}
            placeholder={t("search.placeholder")}
            className="pl-9"
          />
        </div>
        <Button type="submit" variant="outline">
          {t("search.submit")}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-category" className={label}>
            {t("filters.category")}
          </label>
          <Select id="filter-category" name="category" defaultValue={params.category}>
            <option value="">{t("filters.allCategories")}</option>
            <option value="none">{t("filters.uncategorised")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-status" className={label}>
            {t("filters.status")}
          </label>
          <Select id="filter-status" name="status" defaultValue={params.status}>
            <option value="">{t("filters.allStatuses")}</option>
            <option value="active">{t("status.active")}</option>
            <option value="inactive">{t("status.inactive")}</option>
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-stock" className={label}>
            {t("filters.stock")}
          </label>
          <Select id="filter-stock" name="stock" defaultValue={params.stock}>
            <option value="">{t("filters.allStock")}</option>
            <option value="in">{t("availability.in_stock")}</option>
            <option value="out">{t("availability.out_of_stock")}</option>
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-sort" className={label}>
            {t("filters.sort")}
          </label>
          <Select id="filter-sort" name="sort" defaultValue={params.sort}>
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort.${sort}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-dir" className={label}>
            {t("filters.dir")}
          </label>
          <Select id="filter-dir" name="dir" defaultValue={params.dir}>
            <option value="asc">{t("filters.asc")}</option>
            <option value="desc">{t("filters.desc")}</option>
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="promo"
            value="1"
            defaultChecked={params.promo}
            className="size-4 accent-brand-600"
          />
          {t("filters.promo")}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="noImage"
            value="1"
            defaultChecked={params.noImage}
            className="size-4 accent-brand-600"
          />
          {t("filters.noImage")}
        </label>
        {hasActiveFilters(params) ? (
          <Link to="/dashboard/products" className="ml-auto text-brand-700 hover:underline">
            {t("filters.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
