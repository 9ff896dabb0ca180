import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { FormAlert } from "~/components/form-alert";
import { Card } from "~/components/ui/card";
import { saveBusinessHours } from "~/features/stores/business-hours.server";
import { BusinessHoursFields, hoursShown } from "~/features/stores/components/business-hours-fields";
import { SaveButton } from "~/features/stores/components/save-button";
import { UNSET_HOURS } from "~/features/stores/hours";
import { hoursFromForm, hoursSchema } from "~/features/stores/hours.schema";
import { failureOf } from "~/lib/action-result";
import { flashHeaders } from "~/lib/flash.server";
import { type FieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/open-hours";

export const meta: Route.MetaFunction = titleMeta;

/** Settings → business hours, Monday to Sunday. */
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
  const failure = failureOf(actionData);
  const errors: FieldErrors = failure?.errors ?? {};
  const busy = useNavigation().state === "submitting";
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
          <BusinessHoursFields initial={hoursShown(loaderData.hours, failure?.values)} errors={errors}>
            <SaveButton busy={busy} />
          </BusinessHoursFields>
        </Form>
      </Card>
    </div>
  );
}
