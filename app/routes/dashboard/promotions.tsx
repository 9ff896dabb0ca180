import { Plus } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSubmit } from "react-router";
import { toast } from "sonner";
import { requireOwnerStore } from "~/auth/guards.server";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Select } from "~/components/ui/input";
import { PromotionList } from "~/features/promotions/components/promotion-list";
import { listPromotions } from "~/features/promotions/promotion.server";
import { promotionsListAction } from "~/features/promotions/promotion-action.server";
import { PROMOTION_STATES, type PromotionState } from "~/features/promotions/promotion-constants";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { getClock } from "~/lib/clock.server";
import type { Route } from "./+types/promotions";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  const param = new URL(request.url).searchParams.get("state") ?? "";
  const state = PROMOTION_STATES.includes(param as PromotionState) ? (param as PromotionState) : "";
  return {
    title: `${t("promotions:title")} · Vitrina`,
    state,
    promotions: await listPromotions(ctx, { state, now: getClock().now() }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return promotionsListAction(ctx, await request.formData());
}

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  const submit = useSubmit();
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok && actionData.message) toast.success(t(actionData.message));
    if (!actionData.ok && actionData.errors.form) toast.error(t(actionData.errors.form, actionData.params));
  }, [actionData, t]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl">{t("title")}</h1>
        <Link to="/dashboard/promotions/add" className={buttonVariants()}>
          <Plus aria-hidden className="size-4" />
          {t("add")}
        </Link>
      </div>
      <p className="mt-1 text-gray-600 text-sm">{t("intro")}</p>
      <Form method="get" className="mt-4 flex items-center gap-2" onChange={(e) => submit(e.currentTarget)}>
        <label htmlFor="state" className="font-medium text-sm">
          {t("filter")}
        </label>
        <Select id="state" name="state" defaultValue={loaderData.state} className="w-48">
          <option value="">{t("all")}</option>
          {PROMOTION_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`states.${state}`)}
            </option>
          ))}
        </Select>
        <noscript>
          <button type="submit">{t("filter")}</button>
        </noscript>
      </Form>
      {loaderData.promotions.length === 0 ? (
        <Card className="mt-6 p-8 text-center text-gray-600">{t("empty")}</Card>
      ) : (
        <PromotionList rows={loaderData.promotions} />
      )}
    </div>
  );
}
