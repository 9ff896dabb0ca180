import { skopjeTime } from "~/lib/dates";

// Europe/Skopje calendar days as "YYYY-MM-DD" strings (PRODUCT.md: days are Skopje days). Isomorphic.

const two = (n: number) => String(n).padStart(2, "0");

/** The Skopje calendar day of an instant. */
export function skopjeDay(at: Date): string {
  const t = skopjeTime(at);
  return `${t.year}-${two(t.month)}-${two(t.day)}`;
}

/** The day `offset` days after `day` (negative: before). */
export function addDays(day: string, offset: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

export function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The instant of hh:mm in Skopje on a day (Skopje is UTC+1 in winter, UTC+2 in summer). */
export function skopjeInstant(day: string, hour: number, minute: number): Date {
  const utc = (offset: number) =>
    new Date(
      Date.UTC(
        Number(day.slice(0, 4)),
        Number(day.slice(5, 7)) - 1,
        Number(day.slice(8, 10)),
        hour - offset,
        minute,
      ),
    );
  const winter = utc(1);
  return skopjeTime(winter).hour === hour ? winter : utc(2);
}

/** Whether a store has to answer on this day (a per-store setting says if weekends count). */
export function dayCounts(day: string, weekendsCount: boolean): boolean {
  return weekendsCount || !isWeekend(day);
}

/** The daily deadline, 10:00 in Skopje (PRODUCT.md, член 15-а). */
export const CONFIRMATION_DEADLINE_HOUR = 10;
/** The reminder goes out at 08:00 to owners who have not answered. */
export const REMINDER_HOUR = 8;

export function skopjeHour(at: Date): number {
  return skopjeTime(at).hour;
}

export function isValidDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
