import { useTranslation } from "react-i18next";
import type { ImportCounts as Counts, SkippedRow } from "~/db/schema/imports";
import type { Locale } from "~/i18n/config";
import { formatDay } from "~/lib/dates";
import type { ImportNote } from "../rows";
import { PreviewTable } from "./preview-table";

/**
 * New, updated, unchanged and skipped rows, as the preview and the result screen count them, and
 * the products the file's discount columns put on a promotion when there are any.
 */
export function ImportCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation("import");
  const items: [keyof Counts, string][] = [
    ["added", "text-green-700"],
    ["updated", "text-brand-700"],
    ["unchanged", "text-gray-700"],
    ["skipped", counts.skipped > 0 ? "text-amber-700" : "text-gray-700"],
  ];
  if (counts.discounts) items.push(["discounts", "text-brand-700"]);
  if (counts.pointOfSalePrices) items.push(["pointOfSalePrices", "text-brand-700"]);
  if (counts.categoryNamesSq) items.push(["categoryNamesSq", "text-brand-700"]);
  return (
    <dl
      className={`grid grid-cols-2 gap-2 ${items.length > 6 ? "sm:grid-cols-4 lg:grid-cols-7" : items.length > 5 ? "sm:grid-cols-6" : items.length > 4 ? "sm:grid-cols-5" : "sm:grid-cols-4"}`}
    >
      {items.map(([key, color]) => (
        <div key={key} className="rounded-md border border-gray-200 bg-white p-3">
          <dt className="text-gray-600 text-xs">{t(`counts.${key}`)}</dt>
          <dd className={`font-semibold text-xl ${color}`} data-count={key}>
            {(counts[key] ?? 0).toLocaleString("de-DE")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Skipped rows: the file's line, the reason, and the row's first cells. */
export function SkippedTable({ rows }: { rows: SkippedRow[] }) {
  const { t } = useTranslation("import");
  return (
    <PreviewTable
      columns={[{ label: t("preview.line") }, { label: t("preview.reason") }, { label: t("preview.cells") }]}
    >
      {rows.map((row) => (
        <tr key={`${row.line}-${row.reason}`} className="border-gray-100 border-t">
          <td className="px-3 py-2 text-gray-500">{row.line}</td>
          <td className="px-3 py-2 text-amber-800">{t(`reasons.${row.reason}`)}</td>
          <td className="max-w-xs truncate px-3 py-2 text-gray-600">
            {row.cells.filter(Boolean).join(" · ")}
          </td>
        </tr>
      ))}
    </PreviewTable>
  );
}

/** Rows saved without a part of them: the file's line and what was left out, and why. */
export function NotesTable({ rows }: { rows: ImportNote[] }) {
  const { t, i18n } = useTranslation("import");
  const params = (note: ImportNote) =>
    note.params.date
      ? { ...note.params, date: formatDay(note.params.date, i18n.language as Locale) }
      : note.params;
  return (
    <PreviewTable columns={[{ label: t("preview.line") }, { label: t("preview.note") }]}>
      {rows.map((row) => (
        <tr key={`${row.line}-${row.reason}`} className="border-gray-100 border-t">
          <td className="px-3 py-2 text-gray-500">{row.line}</td>
          <td className="px-3 py-2 text-amber-800">{t(`notes.${row.reason}`, params(row))}</td>
        </tr>
      ))}
    </PreviewTable>
  );
}
