import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Locale } from "~/i18n/config";
import { formatDateTime } from "~/lib/dates";
import { type ActivityText, describeActivity } from "../activity-describe";

type Row = {
  id: string;
  type: string;
  details: Record<string, unknown>;
  createdAt: Date | string;
  categoryName: string | null;
};

const COLUMNS = ["date", "type", "product", "category", "oldPrice", "newPrice", "details"] as const;

/**
 * The activity log: one card per entry on a phone, with the old and new price in view,
 * a table from md up. The table's scroll box is a focusable region, so a keyboard can scroll it
 * (WCAG 2.1.1).
 */
export function ActivityTable({ rows }: { rows: Row[] }) {
  const { t, i18n } = useTranslation("activity");
  const locale = i18n.language as Locale;
  const cell = "px-3 py-2 align-top";
  const described = rows.map((row) => ({ row, text: describeActivity(row, t, locale) }));
  return (
    <>
      <ul className="mt-4 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm md:hidden">
        {described.map(({ row, text }) => (
          <li key={row.id} className="flex flex-col gap-1 p-3 text-sm">
            <p className="flex flex-wrap justify-between gap-x-3 text-gray-600 text-xs">
              <span className="font-medium text-gray-900">{t(`types.${row.type}`)}</span>
              <span className="tabular-nums">{formatDateTime(row.createdAt, locale)}</span>
            </p>
            {text.product ? <p className="font-medium wrap-anywhere">{text.product}</p> : null}
            {row.categoryName ? (
              <p className="text-gray-600 text-xs wrap-anywhere">{row.categoryName}</p>
            ) : null}
            {text.oldPrice || text.newPrice ? (
              <dl className="flex flex-wrap gap-x-4 tabular-nums">
                <div className="flex gap-1">
                  <dt className="text-gray-600">{t("columns.oldPrice")}:</dt>
                  <dd>{text.oldPrice || "—"}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-gray-600">{t("columns.newPrice")}:</dt>
                  <dd className="font-medium">{text.newPrice || "—"}</dd>
                </div>
              </dl>
            ) : null}
            {text.detail ? (
              <p className="text-gray-600 wrap-anywhere">
                <Detail text={text} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus to scroll by keyboard (WCAG 2.1.1).
        tabIndex={0}
        aria-label={t("title")}
        className="mt-4 hidden overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm md:block"
      >
        <table className="w-full min-w-[48rem] text-left text-sm">
          <thead className="border-gray-200 border-b bg-gray-50 text-gray-600 text-xs uppercase tracking-wide">
            <tr>
              {COLUMNS.map((key) => (
                <th key={key} scope="col" className="px-3 py-3 font-medium">
                  {t(`columns.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {described.map(({ row, text }) => (
              <tr key={row.id}>
                <td className={`${cell} whitespace-nowrap text-gray-600`}>
                  {formatDateTime(row.createdAt, locale)}
                </td>
                <td className={cell}>{t(`types.${row.type}`)}</td>
                <td className={`${cell} max-w-[16rem] wrap-anywhere`}>{text.product}</td>
                <td className={`${cell} max-w-[12rem] text-gray-600 wrap-anywhere`}>
                  {row.categoryName ?? "—"}
                </td>
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{text.oldPrice}</td>
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{text.newPrice}</td>
                <td className={`${cell} text-gray-600 wrap-anywhere`}>
                  <Detail text={text} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** An entry's detail, linked to its page when it has one (an import's result). */
function Detail({ text }: { text: ActivityText }) {
  if (!text.href) return <>{text.detail}</>;
  return (
    <Link to={text.href} className="text-brand-700 underline underline-offset-2">
      {text.detail}
    </Link>
  );
}
