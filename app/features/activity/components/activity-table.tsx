import { useTranslation } from "react-i18next";
import type { Locale } from "~/i18n/config";
import { formatDateTime } from "~/lib/dates";
import { describeActivity } from "../activity-describe";

type Row = {
  id: string;
  type: string;
  details: Record<string, unknown>;
  createdAt: Date | string;
  categoryName: string | null;
};

export function ActivityTable({ rows }: { rows: Row[] }) {
  const { t, i18n } = useTranslation("activity");
  const locale = i18n.language as Locale;
  const cell = "px-3 py-2 align-top";
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="border-gray-200 border-b bg-gray-50 text-gray-600 text-xs uppercase tracking-wide">
          <tr>
            {(["date", "type", "product", "category", "oldPrice", "newPrice", "details"] as const).map(
              (key) => (
                <th key={key} scope="col" className="px-3 py-3 font-medium">
                  {t(`columns.${key}`)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => {
            const text = describeActivity(row, t, locale);
            return (
              <tr key={row.id}>
                <td className={`${cell} whitespace-nowrap text-gray-600`}>
                  {formatDateTime(row.createdAt, locale)}
                </td>
                <td className={cell}>{t(`types.${row.type}`)}</td>
                <td className={`${cell} max-w-[16rem] break-words`}>{text.product}</td>
                <td className={`${cell} text-gray-600`}>{row.categoryName ?? "—"}</td>
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{text.oldPrice}</td>
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{text.newPrice}</td>
                <td className={`${cell} text-gray-600`}>{text.detail}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
