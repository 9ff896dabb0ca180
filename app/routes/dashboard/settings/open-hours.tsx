import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxLabel } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { saveBusinessHours } from "~/features/stores/business-hours.server";
import { SaveButton } from "~/features/stores/components/save-button";
import { WEEKDAYS, type Weekday, type WeekHours } from "~/features/stores/hours";
import { hoursFromForm, hoursSchema } from "~/features/stores/hours.schema";
import { failureOf } from "~/lib/action-result";
import { cn } from "~/lib/cn";
import { flashHeaders } from "~/lib/flash.server";
import { type FieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/open-hours";

export const meta: Route.MetaFunction = titleMeta;

// Before the first save the fields are empty, as the public page shows no hours: example times
// here would read as saved ones (issue 12 §10).
const UNSET_HOURS = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { closed: false, from: "", to: "" }]),
) as WeekHours;

/** Settings → business hours, Monday to Sunday (spec §2, issue 4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireOwnerStore(context);
  return {
    title: pageTitle(request, "storeSettings:hours.title"),
    hours: store.hours ?? UNSET_HOURS,
    saved: Boolean(store.hours),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const values = formObject(await request.formData());
  return handleAction(
    async () => {
      await saveBusinessHours(ctx, parseForm(hoursSchema, hoursFromForm(values)));
      return redirect("/dashboard/settings/open-hours", {
        headers: flashHeaders("storeSettings:hours.saved"),
      });
    },
    { values, fallback: "businessHoursSaveFailed" },
  );
}

export default function OpenHours({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("storeSettings");
  const errors: FieldErrors = failureOf(actionData)?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const [hours, setHours] = useState<WeekHours>(loaderData.hours);
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
    <div>
      <h2 className="font-semibold text-lg">{t("hours.title")}</h2>
      <p className="mt-1 text-gray-600 text-sm">{t("hours.subtitle")}</p>
      {loaderData.saved ? null : (
        <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm">
          {t("hours.notSaved")}
        </p>
      )}
      <Card className="mt-4 p-5">
        <FormAlert message={errors.form} className="mb-4" />
        <Form method="post" noValidate className="flex flex-col gap-3">
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
            <SaveButton busy={busy} />
          </div>
        </Form>
      </Card>
    </div>
  );
}
