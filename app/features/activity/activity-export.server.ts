import type { Locale } from "~/i18n/config";
import { AppError, isAppError } from "~/lib/app-error";
import { skopjeTime } from "~/lib/dates";
import type { StoreContext } from "~/lib/service-context";
import { CSV_BOM, csvLine } from "./activity-csv";
import { describeActivity } from "./activity-describe";
import { allActivity } from "./activity-list.server";
import type { ActivityFilters } from "./activity-params";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The filtered activity as CSV text; throws noDataToExport when nothing matches. */
export async function exportActivityCsv(
  ctx: StoreContext,
  filters: ActivityFilters,
  t: Translate,
  locale: Locale,
): Promise<string> {
  try {
    const lines: string[] = [
      CSV_BOM,
      csvLine([
        t("activity:columns.date"),
        t("activity:columns.type"),
        t("activity:columns.product"),
        t("activity:columns.category"),
        t("activity:columns.oldPrice"),
        t("activity:columns.newPrice"),
        t("activity:columns.details"),
      ]),
    ];
    let count = 0;
    for await (const batch of allActivity(ctx, filters)) {
      for (const row of batch) {
        const text = describeActivity(row, t, locale);
        lines.push(
          csvLine([
            csvDateTime(row.createdAt),
            t(`activity:types.${row.type}`),
            text.product,
            row.categoryName ?? "",
            text.oldPrice,
            text.newPrice,
            text.detail,
          ]),
        );
        count++;
      }
    }
    if (count === 0) throw new AppError("noDataToExport");
    return lines.join("");
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("exportFailed", { cause: error });
  }
}

/** "2026-11-21 09:05" in Skopje: sorts as text and every spreadsheet reads it as a date. */
function csvDateTime(value: Date): string {
  const t = skopjeTime(value);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}`;
}
