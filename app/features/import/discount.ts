// The discount columns of the 9-column price-list template (PRODUCT.md): "Вид на попуст"
// (the law's type of sales incentive) and "Времетраење на попуст" (its days), read into what a
// promotion needs (decision 0062). Pure and isomorphic: rows.ts uses them; the days are Skopje days.

import type { PromotionType } from "~/features/promotions/promotion-constants";
import { addDays } from "~/lib/calendar";
import { searchKey } from "~/lib/transliterate";
import type { CellValue } from "./values";

/** A discount with no duration runs this many days from the import's day (as decision 0040's). */
export const DEFAULT_DISCOUNT_DAYS = 30;

/** Stems of each type's names in mk, sq and en, compared by search key (Cyrillic or Latin). */
const STEMS: [PromotionType, string[]][] = [
  ["defective_goods", ["nedostat", "defect", "defekt", "ostet"]],
  ["near_expiry", ["istek", "expir", "skadim", "rok na traen"]],
  ["seasonal", ["sezon", "season"]],
  ["clearance", ["rasprodazh", "rasprodaz", "clearance", "likuidim"]],
  ["promotional_sale", ["promotiv", "promocij", "promocion", "promotion"]],
  ["sales_action", ["akcisk", "akcija", "aksion", "special offer", "popust", "discount", "zbritj", "sale"]],
];
const TYPE_STEMS = STEMS.map(([type, stems]) => [type, stems.map(searchKey)] as const);

/** The law's type a cell names; null: a name none of the types has. */
export function parseDiscountType(value: CellValue): PromotionType | null {
  const key = searchKey(String(value ?? ""));
  if (!key) return null;
  for (const [type, stems] of TYPE_STEMS) {
    if (stems.some((stem) => key.includes(stem))) return type;
  }
  return null;
}

export type DiscountDays = { startsOn: string; endsOn: string };

const ISO = /(\d{4})-(\d{1,2})-(\d{1,2})/g;
const LOCAL = /(\d{1,2})[./](\d{1,2})(?:[./](\d{2,4}))?\.?/g;

function day(year: number, month: number, date: number): string | null {
  const value = new Date(Date.UTC(year, month - 1, date));
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== date)
    return null;
  return value.toISOString().slice(0, 10);
}

/** The dates a text names, in order: "2026-12-01", "01.12.2026", "1/12/26", "01.12." (this year). */
function datesIn(text: string, today: string): { day: string | null; yearGiven: boolean }[] {
  const iso = [...text.matchAll(ISO)].map((m) => ({
    day: day(Number(m[1]), Number(m[2]), Number(m[3])),
    yearGiven: true,
  }));
  if (iso.length > 0) return iso;
  const thisYear = Number(today.slice(0, 4));
  return [...text.matchAll(LOCAL)].map((m) => {
    const year = m[3] === undefined ? thisYear : m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return { day: day(year, Number(m[2]), Number(m[1])), yearGiven: m[3] !== undefined };
  });
}

/**
 * The days a "duration" cell names, from `today` (a Skopje day): two dates ("01.12.2026 – 31.12.2026",
 * "од 1.12. до 31.12."), one date (the last day, from today), or a number of days ("30 дена",
 * "14 days", "7"). Empty: DEFAULT_DISCOUNT_DAYS from today. Null: unreadable, or ending before it starts.
 */
export function parseDiscountDuration(value: CellValue, today: string): DiscountDays | null {
  const text = value === null ? "" : String(value).trim();
  if (text === "") return { startsOn: today, endsOn: addDays(today, DEFAULT_DISCOUNT_DAYS - 1) };
  const count = /^(\d{1,3})\s*(?:\p{L}+\.?)?$/u.exec(text);
  if (count && !/[./-]/.test(text)) {
    const days = Number(count[1]);
    return days >= 1 ? { startsOn: today, endsOn: addDays(today, days - 1) } : null;
  }
  const dates = datesIn(text, today);
  if (dates.length === 0 || dates.length > 2 || dates.some((d) => d.day === null)) return null;
  const last = dates[dates.length - 1]!;
  const startsOn = dates.length === 2 ? dates[0]!.day! : today;
  let endsOn = last.day!;
  // "25.12. – 25.01." without a year: the end is in the next year.
  if (endsOn < startsOn && !last.yearGiven) endsOn = `${Number(endsOn.slice(0, 4)) + 1}${endsOn.slice(4)}`;
  if (endsOn < startsOn) return null;
  return { startsOn, endsOn };
}

/**
 * A promotion's days as the export writes them (decision 0076), which parseDiscountDuration reads
 * back to the same days: "01.12.2026 – 31.12.2026" (en: "2026-12-01 – 2026-12-31").
 */
export function discountDurationText(startsOn: string, endsOn: string, locale: string): string {
  const local = (day: string) =>
    locale === "en" ? day : `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
  return `${local(startsOn)} – ${local(endsOn)}`;
}
