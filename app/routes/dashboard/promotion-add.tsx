import { useTranslation } from "react-i18next";
import { requireOwnerStore } from "~/auth/guards.server";
import { PromotionWizard } from "~/features/promotions/components/promotion-wizard";
import { restoreWizard } from "~/features/promotions/components/wizard-state";
import { promotionSaveAction } from "~/features/promotions/promotion-action.server";
import { listWizardCategories, listWizardProducts } from "~/features/promotions/promotion-wizard.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { addDays, skopjeDay } from "~/lib/calendar";
import { getClock } from "~/lib/clock.server";
import type { Route } from "./+types/promotion-add";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  const now = getClock().now();
  const today = skopjeDay(now);
  const [products, categories] = await Promise.all([listWizardProducts(ctx, now), listWizardCategories(ctx)]);
  return { title: `${t("promotions:add")} · Vitrina`, products, categories, today, until: addDays(today, 6) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return promotionSaveAction(ctx, await request.formData(), { locale: requestLocale(request) });
}

export default function PromotionAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  const { products, categories, today, until } = loaderData;
  const details = {
    name: "",
    type: "sales_action",
    discountType: "percentage",
    value: "",
    startsOn: today,
    endsOn: until,
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <h1 className="mb-4 font-semibold text-2xl">{t("add")}</h1>
      <PromotionWizard
        products={products}
        categories={categories}
        promotionId={null}
        startRule={{ today }}
        failure={failureOf(actionData)}
        restored={restoreWizard(actionData, details)}
        initial={{ name: null, details, selection: {} }}
      />
    </div>
  );
}
