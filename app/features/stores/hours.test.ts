import { describe, expect, it } from "vitest";
import { skopjeTime } from "~/lib/dates";
import {
  DEFAULT_HOURS,
  isOpenAt,
  minutes,
  openingHoursSpecification,
  openingInstants,
  todayKey,
  type WeekHours,
} from "./hours";
import { hoursFromForm, hoursSchema } from "./hours.schema";

// Fixed instants (the injectable clock). Skopje is UTC+1 in winter, UTC+2 in summer.
const at = (iso: string) => new Date(iso);

const hours: WeekHours = {
  ...DEFAULT_HOURS,
  mon: { closed: false, from: "08:00", to: "20:00" },
  sat: { closed: false, from: "09:00", to: "14:00" },
  sun: { closed: true, from: "08:00", to: "14:00" },
};

describe("business hours in Europe/Skopje", () => {
  it("gives the page today's opening as two instants that agree with the Skopje wall clock at every minute", () => {
    // The rule by the wall clock, the way a person reads the hours: minutes since Skopje's midnight.
    const byWallClock = (week: WeekHours, now: Date) => {
      const t = skopjeTime(now);
      const current = t.hour * 60 + t.minute;
      const today = week[todayKey(now)];
      return !today.closed && current >= minutes(today.from) && current < minutes(today.to);
    };
    const late: WeekHours = { ...hours, sun: { closed: false, from: "00:00", to: "24:00" } };
    // A winter Monday, a summer Monday, a Saturday, the spring and autumn switch days (Sundays), a
    // closed Sunday: for every minute of each Skopje day, the page's test and the server's rule agree.
    const days = [
      ["2026-11-23", hours],
      ["2026-06-22", hours],
      ["2026-11-21", hours],
      ["2026-03-29", late],
      ["2026-10-25", late],
      ["2026-11-22", hours],
    ] as const;
    for (const [day, week] of days) {
      const start = Date.parse(`${day}T00:00:00Z`) - 2 * 3_600_000;
      for (let minute = 0; minute < 26 * 60; minute++) {
        const now = new Date(start + minute * 60_000);
        if (todayKey(now) !== todayKey(new Date(`${day}T12:00:00Z`))) continue;
        const opening = openingInstants(week, now);
        const open = opening !== null && now.getTime() >= opening.opens && now.getTime() < opening.closes;
        expect(open, `${day} ${now.toISOString()}`).toBe(byWallClock(week, now));
        expect(isOpenAt(week, now), `${day} ${now.toISOString()}`).toBe(open);
      }
    }
    expect(openingInstants(hours, at("2026-11-22T12:00:00Z"))).toBeNull();
    expect(openingInstants(hours, at("2026-11-23T12:00:00Z"))).toEqual({
      opens: Date.parse("2026-11-23T07:00:00Z"),
      closes: Date.parse("2026-11-23T19:00:00Z"),
    });
  });

  it("takes the weekday from the Skopje calendar, not UTC", () => {
    // 23:30 UTC on Sunday 22 Nov 2026 is 00:30 on Monday in Skopje.
    expect(todayKey(at("2026-11-22T23:30:00Z"))).toBe("mon");
    expect(todayKey(at("2026-11-22T22:59:00Z"))).toBe("sun");
    // Summer time: 22:30 UTC on Sunday 21 Jun 2026 is 00:30 on Monday.
    expect(todayKey(at("2026-06-21T22:30:00Z"))).toBe("mon");
  });

  it("is closed just after midnight on Monday even though Sunday's UTC evening is not over", () => {
    expect(isOpenAt(hours, at("2026-11-22T23:30:00Z"))).toBe(false); // Mon 00:30 Skopje
  });

  it("opens at `from` and closes at `to` by the Skopje clock", () => {
    expect(isOpenAt(hours, at("2026-11-23T06:59:00Z"))).toBe(false); // Mon 07:59
    expect(isOpenAt(hours, at("2026-11-23T07:00:00Z"))).toBe(true); // Mon 08:00
    expect(isOpenAt(hours, at("2026-11-23T18:59:00Z"))).toBe(true); // Mon 19:59
    expect(isOpenAt(hours, at("2026-11-23T19:00:00Z"))).toBe(false); // Mon 20:00
    // Summer: 08:00 Skopje is 06:00 UTC.
    expect(isOpenAt(hours, at("2026-06-22T06:00:00Z"))).toBe(true);
    expect(isOpenAt(hours, at("2026-06-22T05:59:00Z"))).toBe(false);
  });

  it("uses each weekday's own hours and honours closed days", () => {
    expect(isOpenAt(hours, at("2026-11-21T12:00:00Z"))).toBe(true); // Sat 13:00
    expect(isOpenAt(hours, at("2026-11-21T13:30:00Z"))).toBe(false); // Sat 14:30
    expect(isOpenAt(hours, at("2026-11-22T10:00:00Z"))).toBe(false); // Sun, closed
  });

  it("closes at midnight with 24:00", () => {
    const late: WeekHours = { ...hours, fri: { closed: false, from: "18:00", to: "24:00" } };
    expect(isOpenAt(late, at("2026-11-27T22:59:00Z"))).toBe(true); // Fri 23:59
    expect(isOpenAt(late, at("2026-11-27T23:00:00Z"))).toBe(false); // Sat 00:00
  });

  it("publishes schema.org openingHoursSpecification for open days only", () => {
    const spec = openingHoursSpecification(hours);
    expect(spec).toHaveLength(6);
    expect(spec[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "08:00",
      closes: "20:00",
    });
    expect(spec.some((d) => d.dayOfWeek.endsWith("Sunday"))).toBe(false);
  });
});

describe("hours form", () => {
  const form = (overrides: Record<string, string> = {}) => {
    const values: Record<string, string> = {};
    for (const d of ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]) {
      values[`${d}.from`] = "08:00";
      values[`${d}.to`] = "16:00";
    }
    return hoursFromForm({ ...values, ...overrides });
  };

  it("accepts Monday to Sunday with from before to", () => {
    const parsed = hoursSchema.parse(form({ "sun.closed": "on" }));
    expect(parsed.sun.closed).toBe(true);
    expect(parsed.mon).toEqual({ closed: false, from: "08:00", to: "16:00" });
  });

  it("refuses `to` before or equal to `from` on an open day, not on a closed one", () => {
    const bad = hoursSchema.safeParse(form({ "tue.from": "18:00", "tue.to": "09:00" }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["tue", "to"],
      message: "validation:hoursFromBeforeTo",
    });
    expect(hoursSchema.safeParse(form({ "wed.to": "08:00" })).success).toBe(false);
    expect(
      hoursSchema.safeParse(form({ "tue.from": "18:00", "tue.to": "09:00", "tue.closed": "on" })).success,
    ).toBe(true);
  });

  it("lets a closed day leave its times empty, never an open one", () => {
    const closed = hoursSchema.parse(form({ "sun.closed": "on", "sun.from": "", "sun.to": "" }));
    expect(closed.sun).toEqual({ closed: true, from: "", to: "" });
    const open = hoursSchema.safeParse(form({ "sat.from": "", "sat.to": "" }));
    expect(open.success).toBe(false);
    expect(open.error?.issues.map((issue) => issue.path.join("."))).toEqual(["sat.from", "sat.to"]);
    expect(hoursSchema.safeParse(form({ "sun.closed": "on", "sun.from": "8" })).success).toBe(false);
  });

  it("refuses malformed times", () => {
    expect(hoursSchema.safeParse(form({ "mon.from": "8" })).success).toBe(false);
    expect(hoursSchema.safeParse(form({ "mon.to": "24:30" })).success).toBe(false);
    expect(hoursSchema.safeParse(form({ "mon.to": "24:00" })).success).toBe(true);
  });
});
