import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { PROMOTION_TYPES } from "~/features/promotions/promotion-constants";
import { formatQuantity, type MoneyLocale } from "~/lib/money";
import type { ImportField } from "../columns";
import type { ComplianceSummary } from "../compliance-summary";
import type { DiscountAnswer, ImportRow } from "../rows";

// The preview's parts that decision 0126 adds: the file's own columns in the sample, the switch for
// net quantities read from names, the days of undated discounts, the products a re-import updates
// and what the compliance check will still ask after the import.

/** The columns the sample shows beyond name, prices and category, when the file maps them. */
export const DETAIL_FIELDS = ["vatRate", "unit", "netQuantity", "barcode", "externalId"] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

/** The detail columns of this file: the mapped ones, and the net quantity when names give it. */
export function detailFields(mapped: readonly ImportField[], fromNames: boolean): DetailField[] {
  return DETAIL_FIELDS.filter((field) => mapped.includes(field) || (field === "netQuantity" && fromNames));
}

/** One row's value of a detail column, as the owner reads it. */
export function DetailCell({ row, field }: { row: ImportRow; field: DetailField }) {
  const { t, i18n } = useTranslation("import");
  const locale = i18n.language as MoneyLocale;
  if (field === "vatRate") return <>{row.vatRate ? t(`products:vat.${row.vatRate}`) : ""}</>;
  if (field === "unit") return <>{row.unit ? t(`products:units.${row.unit}`) : ""}</>;
  if (field === "barcode") return <>{row.barcode ?? ""}</>;
  if (field === "externalId") return <>{row.externalId ?? ""}</>;
  if (row.netQuantityMilli == null || !row.netUnit) return null;
  return (
    <>
      <span className="whitespace-nowrap">
        {formatQuantity(row.netQuantityMilli, locale)} {t(`products:units.${row.netUnit}`)}
      </span>
      {row.netQuantityFromName ? (
        <span className="block text-gray-600 text-xs">
          {t("nameQuantities.readFrom", { text: row.netQuantityFromName })}
        </span>
      ) : null}
    </>
  );
}

/** The one switch of the file: read net quantities from the names, or not. */
export function NameQuantitiesSwitch({ on, rows }: { on: boolean; rows: number }) {
  const { t } = useTranslation("import");
  if (rows === 0) return null;
  return (
    <section aria-labelledby="preview-name-quantities" className="rounded-md border border-gray-200 p-3">
      <h2 id="preview-name-quantities" className="font-medium">
        {t("nameQuantities.title")}
      </h2>
      <p className="text-gray-700 text-sm">
        {on ? t("nameQuantities.on", { count: rows }) : t("nameQuantities.off", { count: rows })}
      </p>
      <Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="nameQuantities" />
        <input type="hidden" name="nameQuantities" value={on ? "off" : "on"} />
        <Button type="submit" variant="outline">
          {on ? t("nameQuantities.turnOff") : t("nameQuantities.turnOn")}
        </Button>
      </Form>
    </section>
  );
}

/** A discount column without dates: the owner names the days and the kind of sale, or none is imported. */
export function UndatedDiscounts({
  rows,
  answer,
  today,
}: {
  rows: number;
  answer: DiscountAnswer | null;
  today: string;
}) {
  const { t } = useTranslation("import");
  if (rows === 0) return null;
  return (
    <section aria-labelledby="preview-discount-days" className="rounded-md border border-amber-300 p-3">
      <h2 id="preview-discount-days" className="font-medium">
        {t("discountDays.title", { count: rows })}
      </h2>
      <p className="text-gray-700 text-sm">{answer ? t("discountDays.answered") : t("discountDays.ask")}</p>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="discountDays" />
        <label className="flex flex-col text-sm">
          {t("discountDays.type")}
          <select
            name="discountType"
            defaultValue={answer?.type ?? ""}
            required
            className="h-10 rounded-md border border-gray-300 px-2"
          >
            <option value="">{t("discountDays.choose")}</option>
            {PROMOTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`promotions:types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          {t("discountDays.startsOn")}
          <input
            type="date"
            name="discountStartsOn"
            required
            min={today}
            defaultValue={answer?.startsOn ?? today}
            className="h-10 rounded-md border border-gray-300 px-2"
          />
        </label>
        <label className="flex flex-col text-sm">
          {t("discountDays.endsOn")}
          <input
            type="date"
            name="discountEndsOn"
            required
            min={today}
            defaultValue={answer?.endsOn ?? ""}
            className="h-10 rounded-md border border-gray-300 px-2"
          />
        </label>
        <Button type="submit">{t("discountDays.save")}</Button>
      </Form>
    </section>
  );
}

/** A re-import names the products it updates: the first few and how many. */
export function UpdatedNames({ names, count }: { names: string[]; count: number }) {
  const { t } = useTranslation("import");
  if (count === 0 || names.length === 0) return null;
  return (
    <p className="text-gray-700 text-sm">{t("preview.updatedNames", { count, names: names.join(", ") })}</p>
  );
}

/** What the compliance check will still ask of the file's products after the import. */
export function ComplianceAfter({ summary }: { summary: ComplianceSummary | null }) {
  const { t } = useTranslation("import");
  if (summary === null) return null;
  return (
    <section aria-labelledby="preview-compliance" className="rounded-md border border-gray-200 p-3">
      <h2 id="preview-compliance" className="font-medium">
        {t("complianceAfter.title")}
      </h2>
      {summary.length === 0 ? (
        <p className="text-gray-700 text-sm">{t("complianceAfter.complete")}</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {summary.map((entry) => (
            <li key={entry.issue}>
              <span className={entry.required ? "font-medium text-amber-800" : "text-gray-700"}>
                {entry.required ? t("complianceAfter.required") : t("complianceAfter.recommended")}
              </span>{" "}
              {t(`complianceAfter.issues.${entry.issue}`, { count: entry.count })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
