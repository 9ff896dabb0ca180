import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ImportCounts as Counts } from "~/db/schema/imports";
import type { Locale } from "~/i18n/config";
import { formatDay } from "~/lib/dates";
import type { MoneyLocale } from "~/lib/money";
import { formatMoney } from "~/lib/money";
import type { ImportField } from "../columns";
import type { ComplianceSummary } from "../compliance-summary";
import type { DiscountAnswer, ImportDiscount, ImportNote, ImportRow, Skipped } from "../rows";
import { ImportCounts, NotesTable, SkippedTable } from "./import-counts";
import {
  ComplianceAfter,
  DetailCell,
  detailFields,
  NameQuantitiesSwitch,
  UndatedDiscounts,
  UpdatedNames,
} from "./preview-details";
import { PreviewTable } from "./preview-table";

type Props = {
  id: string;
  sample: ImportRow[];
  pointOfSaleSample: ImportRow[];
  skipped: Skipped[];
  notes: ImportNote[];
  noteCount: number;
  counts: Counts;
  newCategories: string[];
  mappedFields: ImportField[];
  nameQuantities: { on: boolean; rows: number };
  undatedDiscounts: { rows: number; answer: DiscountAnswer | null };
  updatedNames: string[];
  compliance: ComplianceSummary | null;
  today: string;
  error?: string;
};

/**
 * Step 3: the first rows as they will be saved (a discount with its type and days), the first rows
 * of the points of sale, every skipped row with line and reason, and every row saved without a part
 * of it (a note: line and why).
 */
export function PreviewStep({
  id,
  sample,
  pointOfSaleSample,
  skipped,
  notes,
  noteCount,
  counts,
  newCategories,
  mappedFields,
  nameQuantities,
  undatedDiscounts,
  updatedNames,
  compliance,
  today,
  error,
}: Props) {
  const { t, i18n } = useTranslation("import");
  const locale = i18n.language as MoneyLocale;
  const money = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? "" : formatMoney(cents, locale);
  const details = detailFields(mappedFields, nameQuantities.on && nameQuantities.rows > 0);
  return (
    <div className="flex flex-col gap-4">
      {error ? (
        <p role="alert" className="text-red-700 text-sm">
          {t(error)}
        </p>
      ) : null}
      <ImportCounts counts={counts} />
      <UpdatedNames names={updatedNames} count={counts.updated} />
      <ComplianceAfter summary={compliance} />
      <UndatedDiscounts rows={undatedDiscounts.rows} answer={undatedDiscounts.answer} today={today} />
      <NameQuantitiesSwitch on={nameQuantities.on} rows={nameQuantities.rows} />
      {newCategories.length > 0 ? (
        <p className="text-gray-700 text-sm">
          {t("preview.newCategories", {
            count: newCategories.length,
            names: newCategories.slice(0, 8).join(", "),
          })}
        </p>
      ) : null}
      <section aria-labelledby="preview-sample">
        <h2 id="preview-sample" className="font-medium">
          {t("preview.sample")}
        </h2>
        <PreviewTable
          columns={[
            { label: t("preview.line") },
            { label: t("fields.name") },
            { label: t("fields.price"), className: "text-right" },
            { label: t("fields.regularPrice"), className: "text-right" },
            { label: t("preview.discount"), className: "hidden sm:table-cell" },
            { label: t("fields.category") },
            ...details.map((field) => ({ label: t(`fields.${field}`) })),
          ]}
        >
          {sample.map((row) => (
            <tr key={row.line} className="border-gray-100 border-t">
              <td className="px-3 py-2 text-gray-500">{row.line}</td>
              <td className="px-3 py-2">{row.name}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                {money(row.priceCents)}
                {row.discount ? (
                  // On a phone the discount column is off-screen: the discount sits under the price.
                  <span className="mt-1 block whitespace-normal text-left sm:hidden">
                    <Discount discount={row.discount} money={money} locale={locale} />
                  </span>
                ) : null}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{money(row.regularPriceCents)}</td>
              <td className="hidden px-3 py-2 sm:table-cell">
                {row.discount ? <Discount discount={row.discount} money={money} locale={locale} /> : null}
              </td>
              <td className="px-3 py-2">{row.category ?? ""}</td>
              {details.map((field) => (
                <td key={field} className="px-3 py-2">
                  <DetailCell row={row} field={field} />
                </td>
              ))}
            </tr>
          ))}
        </PreviewTable>
      </section>
      {pointOfSaleSample.length > 0 ? <PointOfSaleSample rows={pointOfSaleSample} money={money} /> : null}
      {skipped.length > 0 ? (
        <section aria-labelledby="preview-skipped">
          <h2 id="preview-skipped" className="font-medium">
            {t("preview.skippedTitle", { count: counts.skipped })}
          </h2>
          <p className="text-gray-600 text-sm">{t("preview.skippedHint")}</p>
          <SkippedTable rows={skipped} />
        </section>
      ) : null}
      {notes.length > 0 ? (
        <section aria-labelledby="preview-notes">
          <h2 id="preview-notes" className="font-medium">
            {t("preview.notesTitle", { count: noteCount })}
          </h2>
          <p className="text-gray-600 text-sm">{t("preview.notesHint")}</p>
          <NotesTable rows={notes} />
        </section>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {counts.added +
          counts.updated +
          (counts.discounts ?? 0) +
          (counts.pointOfSalePrices ?? 0) +
          (counts.categoryNamesSq ?? 0) >
        0 ? (
          <Link to={`/dashboard/products/import/${id}?step=images`} className={buttonVariants()}>
            {counts.skipped > 0 ? t("preview.continueSkipping") : t("preview.continue")}
          </Link>
        ) : (
          <p className="text-gray-700 text-sm">{t("preview.nothingToDo")}</p>
        )}
        <Link
          to={`/dashboard/products/import/${id}`}
          className="inline-flex h-10 items-center px-2 text-brand-700 text-sm"
        >
          {t("preview.back")}
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="ghost">
            {t("cancel")}
          </Button>
        </Form>
      </div>
    </div>
  );
}

function Discount({
  discount,
  money,
  locale,
}: {
  discount: ImportDiscount;
  money: (cents: number) => string;
  locale: MoneyLocale;
}) {
  const { t } = useTranslation("import");
  return (
    <>
      <span className="whitespace-nowrap font-medium">
        <span className="sr-only sm:hidden">{t("preview.discount")}: </span>
        {money(discount.priceCents)}
      </span>
      <span className="block text-gray-600 text-xs">
        {t(`promotions:types.${discount.type}`)},{" "}
        <span className="whitespace-nowrap">
          {formatDay(discount.startsOn, locale as Locale)}–{formatDay(discount.endsOn, locale as Locale)}
        </span>
      </span>
      {discount.pointsOfSale?.length ? (
        <span className="block text-gray-600 text-xs">
          {t("preview.discountPointsOfSale", { names: discount.pointsOfSale.join(", ") })}
        </span>
      ) : null}
    </>
  );
}

/** Rows that set a point of sale's own price and availability, or leave a product out there. */
function PointOfSaleSample({ rows, money }: { rows: ImportRow[]; money: (cents: number) => string }) {
  const { t } = useTranslation("import");
  return (
    <section aria-labelledby="preview-points-of-sale">
      <h2 id="preview-points-of-sale" className="font-medium">
        {t("preview.pointOfSaleSample")}
      </h2>
      <p className="text-gray-600 text-sm">{t("preview.pointOfSaleHint")}</p>
      <PreviewTable
        columns={[
          { label: t("preview.line") },
          { label: t("fields.name") },
          { label: t("fields.pointOfSale"), className: "hidden sm:table-cell" },
          { label: t("fields.price"), className: "text-right" },
          { label: t("fields.availability"), className: "hidden sm:table-cell" },
        ]}
      >
        {rows.map((row) => {
          const availability = row.excluded
            ? t("preview.notSoldHere")
            : row.availability
              ? t(`products:availability.${row.availability}`)
              : "";
          const tone = row.excluded ? "text-amber-800" : "text-gray-600";
          return (
            <tr key={row.line} className="border-gray-100 border-t">
              <td className="px-3 py-2 text-gray-500">{row.line}</td>
              <td className="px-3 py-2">
                {row.name}
                {/* On a phone the point and the availability sit under the name. */}
                <span className="block text-gray-600 text-xs sm:hidden">{row.pointOfSale}</span>
                {availability ? (
                  <span className={`block text-xs sm:hidden ${tone}`}>{availability}</span>
                ) : null}
              </td>
              <td className="hidden px-3 py-2 sm:table-cell">{row.pointOfSale}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                {row.followsStorePrice ? (
                  <span className="text-gray-600">{t("preview.storePrice")}</span>
                ) : (
                  money(row.priceCents)
                )}
              </td>
              <td className={`hidden px-3 py-2 sm:table-cell ${row.excluded ? "text-amber-800" : ""}`}>
                {availability}
              </td>
            </tr>
          );
        })}
      </PreviewTable>
    </section>
  );
}
