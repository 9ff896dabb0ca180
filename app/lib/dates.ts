import type { Locale } from "~/i18n/config";

/** Shops and inspectors read times in Skopje, whatever the server's or the browser's zone. */
export const STORE_TIME_ZONE = "Europe/Skopje";

// Browsers ship reduced ICU data without Macedonian or Albanian, so Intl is used only to find the
// Skopje wall-clock fields (en-GB exists everywhere) and the text is assembled here, the same on
// the server and in the browser.
const MONTHS: Record<Locale, string[]> = {
  mk: ["јан.", "фев.", "мар.", "апр.", "мај", "јун.", "јул.", "авг.", "септ.", "окт.", "ное.", "дек."],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  sq: ["jan", "shk", "mar", "pri", "maj", "qer", "korr", "gush", "sht", "tet", "nën", "dhj"],
};

const fieldsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export type SkopjeTime = { year: number; month: number; day: number; hour: number; minute: number };

// Skopje's offset from UTC only changes on a whole hour, so every instant of one UTC minute has the
// same Skopje date and time; the answers for recent minutes are kept (formatToParts is costly and a
// public page asks for "now" several times per render).
const byMinute = new Map<number, SkopjeTime>();
const MINUTES_KEPT = 512;

/** The calendar date and clock time in Skopje at this instant. */
export function skopjeTime(value: Date | string): SkopjeTime {
  const minute = Math.floor(new Date(value).getTime() / 60_000);
  const known = byMinute.get(minute);
  if (known) return known;
  const parts = Object.fromEntries(
    fieldsFormat.formatToParts(new Date(minute * 60_000)).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const time = Object.freeze({
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  });
  if (byMinute.size >= MINUTES_KEPT) byMinute.delete(byMinute.keys().next().value!);
  byMinute.set(minute, time);
  return time;
}

const two = (n: number) => String(n).padStart(2, "0");

/** "21.11.2026 09:05" (mk, sq) or "21/11/2026, 09:05" (en). */
export function formatDateTime(value: Date | string, locale: Locale): string {
  const t = skopjeTime(value);
  const time = `${two(t.hour)}:${two(t.minute)}`;
  return locale === "en"
    ? `${two(t.day)}/${two(t.month)}/${t.year}, ${time}`
    : `${two(t.day)}.${two(t.month)}.${t.year} ${time}`;
}

/** "21 ное. 2026" (mk), "21 Nov 2026" (en), "21 nën 2026" (sq). */
export function formatDate(value: Date | string, locale: Locale): string {
  const t = skopjeTime(value);
  return `${t.day} ${MONTHS[locale][t.month - 1]} ${t.year}`;
}

/** A calendar day "2026-12-01" as "01.12.2026" (mk, sq) or "01/12/2026" (en); no time zone involved. */
export function formatDay(day: string, locale: Locale): string {
  const [year, month, date] = day.split("-");
  return locale === "en" ? `${date}/${month}/${year}` : `${date}.${month}.${year}`;
}

/** "09:05" in Skopje. */
export function formatTime(value: Date | string): string {
  const t = skopjeTime(value);
  return `${two(t.hour)}:${two(t.minute)}`;
}
