import { useTranslation } from "react-i18next";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { ACTIVITY_TYPES } from "~/db/schema/activity";
import type { ActivityFilters as Filters } from "../activity-params";

export function ActivityFilters({
  filters,
  categories,
}: {
  filters: Filters;
  categories: { id: string; name: string }[];
}) {
  const { t } = useTranslation("activity");
  const submit = useSubmit();
  const label = "font-medium text-gray-700 text-xs";
  const active = Object.values(filters).some(Boolean);
  return (
    <Form
      method="get"
      role="search"
      className="mt-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) submit(event.currentTarget);
      }}
    >
      <div className="flex flex-col gap-1 lg:col-span-2">
        <label htmlFor="activity-q" className={label}>
          {t("filters.q")}
        </label>
        <Input
          id="activity-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder={t("filters.qPlaceholder")}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="activity-type" className={label}>
          {t("filters.type")}
        </label>
        <Select id="activity-type" name="type" defaultValue={filters.type}>
          <option value="">{t("filters.allTypes")}</option>
          {ACTIVITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="activity-category" className={label}>
          {t("filters.category")}
        </label>
        <Select id="activity-category" name="category" defaultValue={filters.category}>
          <option value="">{t("filters.allCategories")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="activity-from" className={label}>
          {t("filters.from")}
        </label>
        <Input id="activity-from" name="from" type="date" defaultValue={filters.from} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="activity-to" className={label}>
          {t("filters.to")}
        </label>
        <Input id="activity-to" name="to" type="date" defaultValue={filters.to} />
      </div>
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-6">
        <Button type="submit" variant="outline">
          {t("filters.apply")}
        </Button>
        {active ? (
          <Link to="/dashboard/activity" className="text-brand-700 text-sm hover:underline">
            {t("filters.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
