import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CompactField, FilterForm } from "~/components/filter-panel";
import { categoryChoices, SelectOptions } from "~/components/select-options";
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
  const active = Object.values(filters).some(Boolean);
  return (
    <FilterForm className="sm:grid-cols-2 lg:grid-cols-6">
      <CompactField id="activity-q" label={t("filters.q")} className="lg:col-span-2">
        <Input
          id="activity-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder={t("filters.qPlaceholder")}
        />
      </CompactField>
      <CompactField id="activity-type" label={t("filters.type")}>
        <Select id="activity-type" name="type" defaultValue={filters.type}>
          <SelectOptions
            empty={t("filters.allTypes")}
            choices={ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
        </Select>
      </CompactField>
      <CompactField id="activity-category" label={t("filters.category")}>
        <Select id="activity-category" name="category" defaultValue={filters.category}>
          <SelectOptions empty={t("filters.allCategories")} choices={categoryChoices(categories)} />
        </Select>
      </CompactField>
      <CompactField id="activity-from" label={t("filters.from")}>
        <Input id="activity-from" name="from" type="date" defaultValue={filters.from} />
      </CompactField>
      <CompactField id="activity-to" label={t("filters.to")}>
        <Input id="activity-to" name="to" type="date" defaultValue={filters.to} />
      </CompactField>
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
    </FilterForm>
  );
}
