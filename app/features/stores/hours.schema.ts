import { z } from "zod";
import { minutes, TIME_PATTERN, WEEKDAYS, type WeekHours } from "./hours";

const time = z.string().trim().regex(TIME_PATTERN, "validation:timeInvalid");
// A closed day may leave its times empty: the form starts empty until the first save.
const closedTime = z.union([z.literal(""), time]);

const day = z
  .object({
    closed: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
    from: z.string().trim(),
    to: z.string().trim(),
  })
  .superRefine((d, ctx) => {
    const rule = d.closed ? closedTime : time;
    for (const end of ["from", "to"] as const) {
      const checked = rule.safeParse(d[end]);
      if (!checked.success) ctx.addIssue({ code: "custom", path: [end], message: "validation:timeInvalid" });
    }
    if (
      !d.closed &&
      TIME_PATTERN.test(d.from) &&
      TIME_PATTERN.test(d.to) &&
      minutes(d.from) >= minutes(d.to)
    ) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "validation:hoursFromBeforeTo" });
    }
  });

/** The open-hours form posts `mon.from`, `mon.to`, `mon.closed`, …; Monday to Sunday. */
export const hoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, day])) as Record<(typeof WEEKDAYS)[number], typeof day>,
);

/** Flat form fields → the nested shape the schema checks. */
export function hoursFromForm(form: Record<string, string>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const d of WEEKDAYS) {
    out[d] = { from: form[`${d}.from`] ?? "", to: form[`${d}.to`] ?? "", closed: form[`${d}.closed`] ?? "" };
  }
  return out;
}

export type HoursInput = WeekHours;
