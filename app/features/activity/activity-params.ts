import { ACTIVITY_TYPES, type ActivityType } from "~/db/schema/activity";
import { isUuid } from "~/lib/uuid";

// The activity page's filters, kept in the query string; the CSV export reads the same string.

export const ACTIVITY_PAGE_SIZE = 50;

export type ActivityFilters = {
  type: ActivityType | "";
  category: string;
  /** Calendar days in Europe/Skopje, "YYYY-MM-DD", inclusive. */
  from: string;
  to: string;
  q: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null): string {
  if (!value || !DAY.test(value)) return "";
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? "" : value;
}

export function parseActivityFilters(params: URLSearchParams): ActivityFilters {
  const type = params.get("type") ?? "";
  const category = params.get("category") ?? "";
  return {
    type: ACTIVITY_TYPES.includes(type as ActivityType) ? (type as ActivityType) : "",
    category: isUuid(category) ? category : "",
    from: day(params.get("from")),
    to: day(params.get("to")),
    q: (params.get("q") ?? "").trim().slice(0, 200),
  };
}
