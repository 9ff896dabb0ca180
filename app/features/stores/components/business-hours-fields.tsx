import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import type { FieldErrors, FormValues } from "~/lib/action-result";
import { cn } from "~/lib/cn";
import { WEEKDAYS, type Weekday, type WeekHours } from "../hours";

// The week's opening hours as form fields (`mon.from`, `mon.to`, `mon.closed`, …; hours.schema.ts):
// the store's business hours (settings → business hours) and a point of sale's own (decision 0068). The
// fields post without JavaScript; with it, "closed" disables a day's times and Monday can be copied.

/** Hours as saved, or what was typed into a form that did not pass (kept after a failed submit). */
export function hoursShown(saved: WeekHours, typed: FormValues | undefined): WeekHours {
  if (!typed) return saved;
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      {
        closed: typed[`${day}.closed`] === "on" || typed[`${day}.closed`] === "true",
        from: typed[`${day}.from`] ?? saved[day].from,
        to: typed[`${day}.to`] ?? saved[day].to,
      },
    ]),
  ) as WeekHours;
}

export function BusinessHoursFields({
  initial,
  errors,
  children,
}: {
  initial: WeekHours;
  errors: FieldErrors;
  /** The form's buttons, shown beside "copy Monday". */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("storeSettings");
  const [hours, setHours] = useState<WeekHours>(initial);
  const set = (day: Weekday, patch: Partial<WeekHours[Weekday]>) =>
    setHours((current) => ({ ...current, [day]: { ...current[day], ...patch } }));
  // Opening or closing time of a day; an error of the day marks the closing time.
  const time = (day: Weekday, end: "from" | "to", invalid = false) => (
    <Input
      type="text"
      inputMode="numeric"
      placeholder={t("hours.timePlaceholder")}
      maxLength={5}
      name={`${day}.${end}`}
      aria-label={t(`hours.${end}`, { day: t(`businessInfo:weekdays.${day}`) })}
      value={hours[day][end]}
      onChange={(event) => set(day, { [end]: event.target.value })}
      disabled={hours[day].closed}
      className="w-20 text-center"
      aria-invalid={invalid ? true : undefined}
    />
  );
  const copyMonday = () =>
    setHours((current) => {
      const next = { ...current };
      for (const day of ["tue", "wed", "thu", "fri"] as const) next[day] = { ...current.mon };
      return next;
    });
  return (
    <>
      {WEEKDAYS.map((day) => {
        const error = errors[`${day}.to`] ?? errors[`${day}.from`];
        return (
          <fieldset key={day} className="border-gray-100 border-b pb-3 last:border-0">
            <legend className="sr-only">{t(`businessInfo:weekdays.${day}`)}</legend>
            <div className="flex flex-wrap items-center gap-2">
              <span
                className={cn("w-full font-medium text-sm sm:w-28", hours[day].closed && "text-gray-500")}
                aria-hidden
              >
                {t(`businessInfo:weekdays.${day}`)}
              </span>
              {time(day, "from")}
              <span aria-hidden>–</span>
              {time(day, "to", Boolean(error))}
              <CheckboxLabel
                name={`${day}.closed`}
                checked={hours[day].closed}
                onChange={(event) => set(day, { closed: event.target.checked })}
                label={t("hours.closed")}
                className="gap-1.5 text-gray-700 text-sm"
              />
              {/* Disabled inputs are not posted: keep a closed day's times. */}
              {hours[day].closed ? (
                <>
                  <input type="hidden" name={`${day}.from`} value={hours[day].from} />
                  <input type="hidden" name={`${day}.to`} value={hours[day].to} />
                </>
              ) : null}
            </div>
            {error ? (
              <p role="alert" className="mt-1 text-red-600 text-sm">
                {t(error)}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={copyMonday}
          className="h-auto min-h-10 whitespace-normal py-2 text-left"
        >
          {t("hours.copyToWeekdays")}
        </Button>
        {children}
      </div>
    </>
  );
}
