import { useTranslation } from "react-i18next";
import type { SkippedRow } from "~/db/schema/imports";

type Counts = { added: number; updated: number; unchanged: number; skipped: number };

/** New, updated, unchanged and skipped rows, as the preview and the result screen count them. */
export function ImportCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation("import");
  const items = [
    ["added", "text-green-700"],
    ["updated", "text-brand-700"],
    ["unchanged", "text-gray-700"],
    ["skipped", counts.skipped > 0 ? "text-amber-700" : "text-gray-700"],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(([key, color]) => (
        <div key={key} className="rounded-md border border-gray-200 bg-white p-3">
          <dt className="text-gray-600 text-xs">{t(`counts.${key}`)}</dt>
          <dd className={`font-semibold text-xl ${color}`} data-count={key}>
            {counts[key].toLocaleString("de-DE")}
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
    <div className="mt-2 overflow-x-auto rounded-md border border-gray-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            <th className="px-3 py-2 font-medium">{t("preview.line")}</th>
            <th className="px-3 py-2 font-medium">{t("preview.reason")}</th>
            <th className="px-3 py-2 font-medium">{t("preview.cells")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.line}-${row.reason}`} className="border-gray-100 border-t">
              <td className="px-3 py-2 text-gray-500">{row.line}</td>
              <td className="px-3 py-2 text-amber-800">{t(`reasons.${row.reason}`)}</td>
              <td className="max-w-xs truncate px-3 py-2 text-gray-600">
                {row.cells.filter(Boolean).join(" · ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
