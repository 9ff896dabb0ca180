import { useTranslation } from "react-i18next";
import { Link, redirect, useNavigation } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Card } from "~/components/ui/card";
import { PointOfSaleForm } from "~/features/points-of-sale/components/point-of-sale-form";
import { pointOfSaleFormSchema } from "~/features/points-of-sale/point-of-sale.schema";
import { createPointOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { pointOfSaleInputOf } from "~/features/points-of-sale/point-of-sale-form.server";
import { failureOf } from "~/lib/action-result";
import { getConfig } from "~/lib/config.server";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/point-of-sale-new";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireOwnerStore(context);
  return {
    title: pageTitle(request, "pointsOfSale:new.title"),
    publicBase: `${getConfig().baseUrl.replace(/^https?:\/\//, "")}/${store.username}/`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const values = formObject(await request.formData());
  return handleAction(
    async () => {
      await createPointOfSale(ctx, pointOfSaleInputOf(parseForm(pointOfSaleFormSchema, values)));
      return redirect("/dashboard/settings/points-of-sale", { headers: flashHeaders("pointsOfSale:saved") });
    },
    { values, fallback: "storeSaveFailed" },
  );
}

export default function NewPointOfSale({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pointsOfSale");
  const failure = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <Link to="/dashboard/settings/points-of-sale" className="text-brand-700 text-sm hover:underline">
        ← {t("back")}
      </Link>
      <h2 className="mt-2 font-semibold text-lg">{t("new.title")}</h2>
      <Card className="mt-4 p-5">
        <PointOfSaleForm
          saved={null}
          typed={failure?.values ?? {}}
          errors={failure?.errors ?? {}}
          busy={busy}
          publicBase={loaderData.publicBase}
          isNew
        />
      </Card>
    </div>
  );
}
