import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CompactField } from "~/components/filter-panel";
import { categoryChoices, SelectOptions } from "~/components/select-options";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { cn } from "~/lib/cn";

const ACTIONS = [
  "delete",
  "activate",
  "deactivate",
  "assignCategory",
  "pricePercent",
  "priceAmount",
] as const;
type Action = (typeof ACTIONS)[number];

/** The form the rows' checkboxes belong to (their `form` attribute), with or without JavaScript. */
export const BULK_FORM_ID = "bulk-form";

// Shown only where the browser runs no scripts: there the bar is always on the page, with every field.
const NO_SCRIPT = "[@media(scripting:none)]:flex";

/**
 * The bulk action form. With "all" it sends the page's query string instead of ids, and the
 * server applies the action to every product that matches it (decision 0015). The ticked rows' checkboxes
 * post their ids into it. Without JavaScript the bar is always shown with all its fields, and a
 * price change still gets its preview from the server first (decision 0032).
 */
export function BulkBar({
  scope,
  count,
  total,
  query,
  pageFullySelected,
  categories,
  onSelectAll,
  onClear,
}: {
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
  const shown = (on: boolean) => (on ? "flex" : `hidden ${NO_SCRIPT}`);
  return (
    <section
      aria-label={t("bulk.label")}
      className={cn(
        "sticky top-0 z-20 mt-4 gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm shadow-sm",
        count > 0 ? "grid" : "hidden [@media(scripting:none)]:grid",
      )}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <p className="font-medium" aria-live="polite">
          {count === 0
            ? t("bulk.tickHint")
            : scope === "all"
              ? t("bulk.allSelected", { count })
              : t("bulk.selected", { count })}
        </p>
        {scope === "ids" && pageFullySelected && total > count ? (
          <button type="button" className="text-brand-700 underline" onClick={onSelectAll}>
            {t("bulk.selectAll", { count: total })}
          </button>
        ) : null}
        {count > 0 ? (
          <button type="button" className="text-gray-600 underline" onClick={onClear}>
            {t("bulk.clear")}
          </button>
        ) : null}
      </div>
      <Form
        id={BULK_FORM_ID}
        method="post"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          if (action !== "delete") return;
          // With scripts the browser's dialog is the one confirmation step; without them (or when
          // it is not answered yes) the server asks instead (decision 0047).
          if (!window.confirm(t("bulk.confirmDelete", { count }))) return event.preventDefault();
          const confirmed = event.currentTarget.elements.namedItem("confirmed");
          if (confirmed instanceof HTMLInputElement) confirmed.value = "dialog";
        }}
      >
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="confirmed" value="" />
        <input type="hidden" name="scope" value={scope} />
        <input type="hidden" name="query" value={query} />
        {/* Ticked rows on this page post their own ids (their checkboxes belong to this form). */}
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
        <CompactField
          id="bulk-categoryId"
          label={t("bulk.category")}
          className={cn("min-w-44", shown(action === "assignCategory"))}
        >
          <Select id="bulk-categoryId" name="categoryId" defaultValue="">
            <SelectOptions empty={t("noCategory")} choices={categoryChoices(categories)} />
          </Select>
        </CompactField>
        <CompactField id="bulk-value" label={t("bulk.value")} className={cn("w-36", shown(needsValue))}>
          <Input
            id="bulk-value"
            name="value"
            inputMode="decimal"
            required={needsValue}
            aria-describedby="bulk-value-hint"
          />
        </CompactField>
        {/* The select is required: without JavaScript the browser itself asks for an action. */}
        <Button type="submit" disabled={busy} variant={action === "delete" ? "destructive" : "default"}>
          {/* A price change is previewed first (decision 0032); the server answers with the preview. */}
          {needsValue ? t("bulk.previewChange") : t("bulk.apply")}
        </Button>
        {/* The ticked products go to the image library, which assigns one image to them all. */}
        {scope === "ids" && count > 0 ? (
          <Button
            type="submit"
            variant="outline"
            formMethod="get"
            formAction="/dashboard/image-gallery"
            formNoValidate
          >
            {t("library:fromLibrary")}
          </Button>
        ) : null}
        <p id="bulk-value-hint" className={cn("w-full text-gray-600 text-xs", shown(needsValue))}>
          {action === "priceAmount" ? t("bulk.amountHint") : t("bulk.percentHint")}
        </p>
      </Form>
    </section>
  );
}
