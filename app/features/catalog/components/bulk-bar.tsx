import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CompactField } from "~/components/filter-panel";
import { categoryChoices, SelectOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";

const ACTIONS = [
  "delete",
  "activate",
  "deactivate",
  "assignCategory",
  "pricePercent",
  "priceAmount",
] as const;
type Action = (typeof ACTIONS)[number];

/**
 * The bulk action form. With "all" it sends the page's query string instead of ids, and the
 * server applies the action to every product that matches it (issue 5).
 */
export function BulkBar({
  ids,
  scope,
  count,
  total,
  query,
  pageFullySelected,
  categories,
  onSelectAll,
  onClear,
}: {
  ids: string[];
  scope: "ids" | "all";
  count: number;
  total: number;
  query: string;
  pageFullySelected: boolean;
  categories: { id: string; name: string }[];
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation("products");
  const [action, setAction] = useState<Action | "">("");
  const busy = useNavigation().state === "submitting";
  const needsValue = action === "pricePercent" || action === "priceAmount";
  return (
    <section
      aria-label={t("bulk.label")}
      className="sticky top-0 z-20 mt-4 grid gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <p className="font-medium" aria-live="polite">
          {scope === "all" ? t("bulk.allSelected", { count }) : t("bulk.selected", { count })}
        </p>
        {scope === "ids" && pageFullySelected && total > count ? (
          <button type="button" className="text-brand-700 underline" onClick={onSelectAll}>
            {t("bulk.selectAll", { count: total })}
          </button>
        ) : null}
        <button type="button" className="text-gray-600 underline" onClick={onClear}>
          {t("bulk.clear")}
        </button>
      </div>
      <Form
        method="post"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          if (action === "delete" && !window.confirm(t("bulk.confirmDelete", { count })))
            event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="scope" value={scope} />
        <input type="hidden" name="query" value={query} />
        {scope === "ids" ? ids.map((id) => <input key={id} type="hidden" name="ids" value={id} />) : null}
        <CompactField id="bulk-action" label={t("bulk.action")} className="min-w-52">
          <Select
            id="bulk-action"
            name="action"
            value={action}
            onChange={(event) => setAction(event.target.value as Action)}
            required
          >
            <SelectOptions
              empty={t("bulk.choose")}
              choices={ACTIONS.map((value) => ({ value, label: t(`bulk.${value}`) }))}
            />
          </Select>
        </CompactField>
        {action === "assignCategory" ? (
          <CompactField id="bulk-categoryId" label={t("bulk.category")} className="min-w-44">
            <Select id="bulk-categoryId" name="categoryId" defaultValue="">
              <SelectOptions empty={t("noCategory")} choices={categoryChoices(categories)} />
            </Select>
          </CompactField>
        ) : null}
        {needsValue ? (
          <CompactField id="bulk-value" label={t("bulk.value")} className="w-36">
            <Input
              id="bulk-value"
              name="value"
              inputMode="decimal"
              required
              aria-describedby="bulk-value-hint"
            />
          </CompactField>
        ) : null}
        <Button
          type="submit"
          disabled={!action || busy}
          variant={action === "delete" ? "destructive" : "default"}
        >
          {/* A price change is previewed first (issue 12 item 13); the server answers with the preview. */}
          {needsValue ? t("bulk.previewChange") : t("bulk.apply")}
        </Button>
        {needsValue ? (
          <p id="bulk-value-hint" className="w-full text-gray-600 text-xs">
            {action === "pricePercent" ? t("bulk.percentHint") : t("bulk.amountHint")}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
