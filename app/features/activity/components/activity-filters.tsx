import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CompactField, FilterForm } from "~/components/filter-panel";
import { categoryChoices, SelectOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { ACTIVITY_TYPES } from "~/db/schema/activity";
import type { ActivityFilters as Filters } from "../activity-params";

/** The activity log's search and filters; the view lives in the URL (FilterForm). */
export function ActivityFilters({
  filters,
  categories,
}: {
  filters: Filters;
  categories: { id: string; name: string }[];
}) {
  const { t } = useTranslation("activity");
  const active = Object.values(filters).some(Boolean);
  const { q: _search, ...folded } = filters;
  return (
    <FilterForm>
      <div className="flex items-end gap-2">
        <CompactField id="activity-q" label={t("filters.q")} className="min-w-0 flex-1 lg:max-w-md">
          <Input
            id="activity-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder={t("filters.qPlaceholder")}
          />
        </CompactField>
        <Button type="submit" variant="outline">
          {t("filters.apply")}
        </Button>
      </div>
      {active ? (
        <Link to="/dashboard/activity" className="justify-self-start text-brand-700 text-sm hover:underline">
          {t("filters.clear")}
        </Link>
      ) : null}
      {/* On a phone the filters fold under one line, so the log starts on the first screen, as the
          products list's do; from md up, or with a filter in use, they are open. */}
      <details
        open={Object.values(folded).some(Boolean) || undefined}
        className="md:[&::details-content]:[content-visibility:visible]"
      >
        <summary className="cursor-pointer font-medium text-gray-700 text-sm md:hidden">
          {t("filters.label")}
        </summary>
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 md:mt-0 lg:grid-cols-4">
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
        </div>
      </details>
    </FilterForm>
  );
}
