import { useTranslation } from "react-i18next";
import { requireOwnerStore } from "~/auth/guards.server";
import { PromotionPointsOfSaleLink } from "~/features/points-of-sale/components/promotion-points-of-sale-link";
import { PromotionWizard } from "~/features/promotions/components/promotion-wizard";
import { restoreWizard } from "~/features/promotions/components/wizard-state";
import { getPromotion, promotionStartRule } from "~/features/promotions/promotion.server";
import { promotionSaveAction } from "~/features/promotions/promotion-action.server";
import { listWizardCategories, listWizardProducts } from "~/features/promotions/promotion-wizard.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { getClock } from "~/lib/clock.server";
import { formatMoneyInput } from "~/lib/money";
import { orNotFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/promotion-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const locale = requestLocale(request);
  const t = getFixedT(locale);
  // Another store's id (or a malformed one) is the 404 page.
  const promotion = await orNotFound(getPromotion(ctx, params.promotionId));
  const startRule = await promotionStartRule(ctx, promotion.id, getClock().now());
  const [products, categories] = await Promise.all([
    listWizardProducts(ctx, getClock().now()),
    listWizardCategories(ctx),
  ]);
  return {
    title: `${t("promotions:edit")} · Vitrina`,
    products,
    categories,
    startRule,
    promotion: {
      id: promotion.id,
      name: promotion.name,
      details: {
        name: promotion.name,
        type: promotion.type,
        discountType: promotion.discountType,
        value: formatMoneyInput(promotion.discountValue, locale).replace(/[,.]00$/, ""),
        startsOn: promotion.startsOn,
        endsOn: promotion.endsOn,
      },
      selection: Object.fromEntries(
        promotion.products.map((p) => [p.productId, formatMoneyInput(p.customPriceCents, locale)]),
      ),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  // Every post to another store's (or a deleted, or a malformed) promotion is the 404 page, the
  // wizard's steps without JavaScript included, not only the save.
  await orNotFound(getPromotion(ctx, params.promotionId));
  return promotionSaveAction(ctx, await request.formData(), {
    id: params.promotionId,
    locale: requestLocale(request),
  });
}

export default function PromotionEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  const { products, categories, promotion, startRule } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <h1 className="mb-4 font-semibold text-2xl">{t("edit")}</h1>
      <PromotionPointsOfSaleLink promotionId={promotion.id} />
      <PromotionWizard
        products={products}
        categories={categories}
        promotionId={promotion.id}
        startRule={startRule}
        failure={failureOf(actionData)}
        restored={restoreWizard(actionData, promotion.details)}
        initial={{ name: promotion.name, details: promotion.details, selection: promotion.selection }}
      />
    </div>
  );
}
