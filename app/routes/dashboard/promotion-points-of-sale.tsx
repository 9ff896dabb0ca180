import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxLabel } from "~/components/ui/checkbox";
import {
  getPromotionPointsOfSale,
  setPromotionPointsOfSale,
} from "~/features/points-of-sale/overrides.server";
import { listPointsOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { getPromotion } from "~/features/promotions/promotion.server";
import { flashHeaders } from "~/lib/flash.server";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, orNotFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/promotion-points-of-sale";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The points of sale a promotion runs at; none or all ticked is everywhere. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const promotion = await orNotFound(getPromotion(ctx, params.promotionId));
  const [points, limited] = await Promise.all([
    listPointsOfSale(ctx),
    getPromotionPointsOfSale(ctx, promotion.id),
  ]);
  const chosen = new Set(limited);
  return {
    title: `${promotion.name} · ${pageTitle(request, "pointsOfSale:promotion.title")}`,
    promotion: { id: promotion.id, name: promotion.name },
    points: points.map((point) => ({
      id: point.id,
      name: point.name,
      checked: chosen.size === 0 || chosen.has(point.id),
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const form = await request.formData();
  const ids = form.getAll("pointOfSaleId").map(String).slice(0, 500);
  return handleAction(
    async () => {
      await setPromotionPointsOfSale(ctx, params.promotionId, ids);
      return redirect(`/dashboard/promotions/${encodeURIComponent(params.promotionId)}/points-of-sale`, {
        headers: flashHeaders("pointsOfSale:promotion.saved"),
      });
    },
    { fallback: "promotionSaveFailed", notFoundPage: true },
  );
}

export default function PromotionPointsOfSale({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pointsOfSale");
  const { promotion, points } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link to={`/dashboard/promotions/${promotion.id}`} className="text-brand-700 text-sm hover:underline">
        ← {promotion.name}
      </Link>
      <h1 className="mt-2 font-semibold text-2xl">{t("promotion.title")}</h1>
      <p className="mt-2 text-gray-600 text-sm">{t("promotion.intro")}</p>
      <Card className="mt-4 p-5">
        <Form method="post" className="flex flex-col gap-3">
          {points.map((point) => (
            <CheckboxLabel
              key={point.id}
              name="pointOfSaleId"
              value={point.id}
              defaultChecked={point.checked}
              label={point.name}
            />
          ))}
          <div>
            <Button type="submit">{t("overrides.save")}</Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
