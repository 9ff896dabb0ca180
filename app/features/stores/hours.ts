// Business hours (per weekday: from, to, closed) and the "open now"
// rule of the public page, computed in Europe/Skopje whatever the server's or browser's zone.
import { addDays, skopjeDay, skopjeInstant } from "~/lib/calendar";
import { skopjeTime } from "~/lib/dates";

/** Monday first, as shops and the settings screen list them. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** "HH:MM". `to` after `from`; "24:00" allowed as a closing time; closed days keep their times. */
export type DayHours = { closed: boolean; from: string; to: string };
export type WeekHours = Record<Weekday, DayHours>;

export const DEFAULT_HOURS: WeekHours = {
  mon: { closed: false, from: "08:00", to: "20:00" },
  tue: { closed: false, from: "08:00", to: "20:00" },
  wed: { closed: false, from: "08:00", to: "20:00" },
  thu: { closed: false, from: "08:00", to: "20:00" },
  fri: { closed: false, from: "08:00", to: "20:00" },
  sat: { closed: false, from: "08:00", to: "16:00" },
  sun: { closed: true, from: "08:00", to: "14:00" },
};

/**
 * Before the first save the fields are empty, as the public page shows no hours: example times
 * there would read as saved ones.
 */
export const UNSET_HOURS = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { closed: false, from: "", to: "" }]),
) as WeekHours;

export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export function minutes(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h! * 60 + m!;
}

/** The weekday in Skopje for an instant (0 = Monday). */
export function skopjeWeekday(now: Date): number {
  const t = skopjeTime(now);
  // The Skopje calendar date, as UTC midnight, gives the weekday independent of zones.
  const day = new Date(Date.UTC(t.year, t.month - 1, t.day)).getUTCDay();
  return (day + 6) % 7;
}

export function todayKey(now: Date): Weekday {
  return WEEKDAYS[skopjeWeekday(now)]!;
}

/**
 * Today's opening and closing as instants (ms since the epoch), null on a closed day. The rule "from
 * before to" keeps a day's hours inside that day; "24:00" closes at the next day's midnight. The
 * weekday is Skopje's: at 00:30 on a Monday in Skopje it is still Sunday in UTC. The public page
 * writes these two numbers for its inline script, which then needs no time-zone data (creating an
 * Intl.DateTimeFormat in the browser cost a phone 80-100 ms of main thread, decision 0155).
 */
export function openingInstants(hours: WeekHours, now: Date): { opens: number; closes: number } | null {
  const today = hours[todayKey(now)];
  if (today.closed || !today.from || !today.to) return null;
  const day = skopjeDay(now);
  const at = (time: string) =>
    time === "24:00"
      ? skopjeInstant(addDays(day, 1), 0, 0).getTime()
      : skopjeInstant(day, Number(time.slice(0, 2)), Number(time.slice(3, 5))).getTime();
  return { opens: at(today.from), closes: at(today.to) };
}

/** Open at this instant? The same two instants the page's script compares with the visitor's clock. */
export function isOpenAt(hours: WeekHours, now: Date): boolean {
  const opening = openingInstants(hours, now);
  return opening !== null && now.getTime() >= opening.opens && now.getTime() < opening.closes;
}

/** schema.org openingHoursSpecification, one entry per open day. */
export function openingHoursSpecification(hours: WeekHours) {
  const names: Record<Weekday, string> = {
    mon: "Monday",
    tue: "Tuesday",
    wed: "Wednesday",
    thu: "Thursday",
    fri: "Friday",
    sat: "Saturday",
    sun: "Sunday",
  };
  return WEEKDAYS.filter((day) => !hours[day].closed).map((day) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: `https://schema.org/${names[day]}`,
    opens: hours[day].from,
    closes: hours[day].to === "24:00" ? "23:59" : hours[day].to,
  }));
}
