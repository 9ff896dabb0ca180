import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PointOfSaleForm } from "~/features/points-of-sale/components/point-of-sale-form";
import { pointOfSaleFormSchema } from "~/features/points-of-sale/point-of-sale.schema";
import {
  closePointOfSale,
  getPointOfSale,
  listPointsOfSale,
  setPointOfSaleHours,
  updatePointOfSale,
} from "~/features/points-of-sale/point-of-sale.server";
import { pointOfSaleInputOf, pointOfSaleValues } from "~/features/points-of-sale/point-of-sale-form.server";
import { BusinessHoursFields, hoursShown } from "~/features/stores/components/business-hours-fields";
import { SaveButton } from "~/features/stores/components/save-button";
import { UNSET_HOURS } from "~/features/stores/hours";
import { hoursFromForm, hoursSchema } from "~/features/stores/hours.schema";
import { failureOf } from "~/lib/action-result";
import { getConfig } from "~/lib/config.server";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, orNotFound, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/point-of-sale-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

const LIST = "/dashboard/settings/points-of-sale";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireOwnerStore(context);
  const point = await orNotFound(getPointOfSale(ctx, params.pointOfSaleId));
  const count = (await listPointsOfSale(ctx)).length;
  return {
    title: `${point.name} · ${pageTitle(request, "pointsOfSale:title")}`,
    publicBase: `${getConfig().baseUrl.replace(/^https?:\/\//, "")}/${store.username}/`,
    point: pointOfSaleValues(point, store),
    // Its own hours, else the store's (what its public page shows), else empty fields.
    hours: point.hours ?? store.hours ?? UNSET_HOURS,
    ownHours: point.hours !== null,
    canDelete: count > 1,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const values = formObject(await request.formData());
  if (values.intent === "delete") {
    return handleAction(
      async () => {
        await closePointOfSale(ctx, params.pointOfSaleId);
        return redirect(LIST, { headers: flashHeaders("pointsOfSale:closed") });
      },
      { intent: "delete", fallback: "storeSaveFailed", notFoundPage: true },
    );
  }
  if (values.intent === "hours" || values.intent === "storeHours") {
    const own = values.intent === "hours";
    return handleAction(
      async () => {
        // Another store's id is "not found" before anything typed is looked at.
        await getPointOfSale(ctx, params.pointOfSaleId);
        const hours = own ? parseForm(hoursSchema, hoursFromForm(values)) : null;
        await setPointOfSaleHours(ctx, params.pointOfSaleId, hours);
        return redirect(`${LIST}/${params.pointOfSaleId}`, {
          headers: flashHeaders(own ? "storeSettings:hours.saved" : "pointsOfSale:hours.followsStore"),
        });
      },
      { intent: "hours", values, fallback: "businessHoursSaveFailed", notFoundPage: true },
    );
  }
  return handleAction(
    async () => {
      // Another store's id is "not found" before anything typed is looked at.
      await getPointOfSale(ctx, params.pointOfSaleId);
      const input = pointOfSaleInputOf(parseForm(pointOfSaleFormSchema, values));
      await updatePointOfSale(ctx, params.pointOfSaleId, input);
      return redirect(LIST, { headers: flashHeaders("pointsOfSale:saved") });
    },
    { intent: "save", values, fallback: "storeSaveFailed", notFoundPage: true },
  );
}

export default function EditPointOfSale({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pointsOfSale");
  const failure = failureOf(actionData, "save");
  const hoursFailure = failureOf(actionData, "hours");
  const deleteFailure = failureOf(actionData, "delete");
  const busy = useNavigation().state === "submitting";
  const { point } = loaderData;
  return (
    <div>
      <Link to={LIST} className="text-brand-700 text-sm hover:underline">
        ← {t("back")}
      </Link>
      <h2 className="mt-2 font-semibold text-lg">{point.name}</h2>
      <Card className="mt-4 p-5">
        <PointOfSaleForm
          saved={point}
          typed={failure?.values ?? {}}
          errors={failure?.errors ?? {}}
          busy={busy}
          publicBase={loaderData.publicBase}
          isNew={false}
        />
      </Card>
      <Card className="mt-6 p-5">
        <h3 className="font-semibold">{t("hours.title")}</h3>
        <p className="mt-1 text-gray-600 text-sm">
          {loaderData.ownHours ? t("hours.own") : t("hours.followsStoreNow")}
        </p>
        <FormAlert message={hoursFailure?.errors.form} className="mt-3" />
        <Form method="post" noValidate className="mt-4 flex flex-col gap-3" aria-label={t("hours.title")}>
          <BusinessHoursFields
            initial={hoursShown(loaderData.hours, hoursFailure?.values)}
            errors={hoursFailure?.errors ?? {}}
          >
            <input type="hidden" name="intent" value="hours" />
            <SaveButton busy={busy} />
          </BusinessHoursFields>
        </Form>
        {loaderData.ownHours ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="storeHours" />
            <Button
              type="submit"
              variant="outline"
              className="h-auto min-h-10 whitespace-normal py-2 text-left"
            >
              {t("hours.useStore")}
            </Button>
          </Form>
        ) : null}
      </Card>
      {loaderData.canDelete ? (
        <Form
          method="post"
          className="mt-6"
          onSubmit={(event) => {
            if (!window.confirm(t("deleteQuestion", { name: point.name }))) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          {deleteFailure?.errors.form ? (
            <p role="alert" className="mb-2 text-red-700 text-sm">
              {t(deleteFailure.errors.form)}
            </p>
          ) : null}
          <Button type="submit" variant="outline" className="text-red-700">
            {t("delete")}
          </Button>
        </Form>
      ) : (
        <p className="mt-6 text-gray-600 text-sm">{t("lastOne")}</p>
      )}
    </div>
  );
}
