import { Pencil, Plus, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { DeleteButton } from "~/components/delete-button";
import { FormAlert } from "~/components/form-alert";
import { Card } from "~/components/ui/card";
import { formatAddress } from "~/features/address/address";
import {
  closePointOfSale,
  listClosedPointsOfSale,
  listPointsOfSale,
} from "~/features/points-of-sale/point-of-sale.server";
import { reopenPointOfSale } from "~/features/points-of-sale/point-of-sale-closing.server";
import type { Locale } from "~/i18n/config";
import { failureOf } from "~/lib/action-result";
import { getConfig } from "~/lib/config.server";
import { formatDateTime } from "~/lib/dates";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { formatPhoneNational } from "~/lib/phone";
import { handleAction } from "~/lib/route-adapter.server";
import type { Route } from "./+types/points-of-sale";

export const meta: Route.MetaFunction = titleMeta;

const HERE = "/dashboard/settings/points-of-sale";

/** Settings → points of sale (decision 0068): the store's shops, each with its own public price list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireOwnerStore(context);
  const [points, closed] = await Promise.all([listPointsOfSale(ctx), listClosedPointsOfSale(ctx)]);
  const base = `${getConfig().baseUrl.replace(/^https?:\/\//, "")}/${store.username}`;
  return {
    title: pageTitle(request, "pointsOfSale:title"),
    base,
    points: points.map((point) => ({
      id: point.id,
      name: point.name,
      slug: point.slug,
      address: point.address ?? store.address,
      phone: point.phone ?? store.phone,
    })),
    // Decision 0085: closed points keep their archive at their address.
    closed: closed.map((point) => ({
      id: point.id,
      name: point.name,
      slug: point.slug,
      closedAt: point.closedAt!.toISOString(),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const values = formObject(await request.formData());
  const intent = values.intent === "reopen" ? "reopen" : "delete";
  return handleAction(
    async () => {
      if (values.intent !== intent) throw new Response(null, { status: 400 });
      if (intent === "reopen") {
        // Decision 0095: back in every list at the same address; its closed days stay as archived.
        await reopenPointOfSale(ctx, values.pointOfSaleId ?? "");
        return redirect(HERE, { headers: flashHeaders("pointsOfSale:reopened") });
      }
      await closePointOfSale(ctx, values.pointOfSaleId ?? "");
      return redirect(HERE, { headers: flashHeaders("pointsOfSale:closed") });
    },
    { intent, fallback: "storeSaveFailed", notFoundPage: true },
  );
}

export default function PointsOfSale({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pointsOfSale");
  const failure = failureOf(actionData);
  const locale = i18n.language as Locale;
  const { points, base } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold text-lg">{t("title")}</h2>
        <Link
          to={`${HERE}/new`}
          className="inline-flex items-center gap-1.5 rounded-md bg-brand-700 px-3 py-2 font-medium text-sm text-white hover:bg-brand-800"
        >
          <Plus aria-hidden className="size-4" />
          {t("add")}
        </Link>
      </div>
      <p className="mt-2 text-gray-600 text-sm">{t("intro")}</p>
      <FormAlert message={failure?.errors.form} />
      <ul className="mt-4 flex flex-col gap-3">
        {points.map((point) => (
          <li key={point.id}>
            <Card className="flex items-start gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{point.name}</p>
                {point.address ? (
                  <p className="wrap-anywhere text-gray-700 text-sm">
                    {formatAddress(point.address, locale)}
                  </p>
                ) : null}
                {point.phone ? (
                  <p className="text-gray-600 text-sm">{formatPhoneNational(point.phone)}</p>
                ) : null}
                <p className="mt-1 break-all font-mono text-gray-500 text-xs">
                  {base}/{point.slug}
                </p>
              </div>
              <Link
                to={`${HERE}/${point.id}`}
                className="rounded-md p-2 text-gray-700 hover:bg-gray-100"
                aria-label={t("editLabel", { name: point.name })}
              >
                <Pencil aria-hidden className="size-4" />
              </Link>
              {points.length > 1 ? (
                <DeleteButton
                  idName="pointOfSaleId"
                  id={point.id}
                  label={t("deleteLabel", { name: point.name })}
                  question={t("deleteQuestion", { name: point.name })}
                />
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      {points.length === 1 ? <p className="mt-3 text-gray-600 text-sm">{t("lastOne")}</p> : null}
      {loaderData.closed.length > 0 ? (
        <section aria-labelledby="closed-points-title" className="mt-8">
          <h3 id="closed-points-title" className="font-semibold">
            {t("closedList.title")}
          </h3>
          <p className="mt-1 text-gray-600 text-sm">{t("closedList.intro")}</p>
          <ul className="mt-3 flex flex-col gap-2">
            {loaderData.closed.map((point) => (
              <li
                key={point.id}
                className="flex flex-wrap items-start gap-3 rounded-md border border-gray-200 bg-white p-3 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{point.name}</p>
                  <p className="text-gray-600">
                    {t("closedList.closedOn", { date: formatDateTime(point.closedAt, locale) })}
                  </p>
                  <p className="mt-1 break-all font-mono text-gray-500 text-xs">
                    {t("closedList.archive", { address: `${base}/${point.slug}` })}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="reopen" />
                  <input type="hidden" name="pointOfSaleId" value={point.id} />
                  <button
                    type="submit"
                    className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 px-3 py-1.5 font-medium text-gray-800 hover:bg-gray-50"
                    aria-label={t("closedList.reopenLabel", { name: point.name })}
                  >
                    <RotateCcw aria-hidden className="size-4" />
                    {t("closedList.reopen")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
