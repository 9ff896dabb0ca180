import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cardReturnStatus, loadBillingPage } from "~/features/billing/billing-pages.server";
import {
  BillingLoadFailed,
  BillingStatusCard,
  PaymentHistory,
  PendingPaymentCard,
} from "~/features/billing/components/billing-status";
import { CardReturnNotice } from "~/features/billing/components/card-return";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/billing";

export const meta: Route.MetaFunction = titleMeta;

/**
 * Settings → billing: trial or plan state, the pending invoice, the history; after a card
 * payment (`?card=<paymentId>`), whether cPay's notification has confirmed it yet.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const [page, cardReturn] = await Promise.all([
    loadBillingPage(ctx),
    cardReturnStatus(ctx, request).catch(() => null),
  ]);
  return { title: pageTitle(request, "billing:title"), cardReturn, ...page };
}

export default function BillingSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  if (loaderData.failed) return <BillingLoadFailed />;
  const { state, inactive, pending, payments, cardReturn } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      {cardReturn ? <CardReturnNotice status={cardReturn} /> : null}
      <BillingStatusCard state={state} inactive={inactive} />
      {pending ? (
        <PendingPaymentCard payment={pending} />
      ) : (
        <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
          <p className="text-gray-700 text-sm">
            {t(state.phase === "paid" ? "choose.renewHint" : "choose.hint")}
          </p>
          <Link to="/dashboard/payment" className={buttonVariants()}>
            {t("choose.cta")}
          </Link>
        </Card>
      )}
      <PaymentHistory payments={payments} />
    </div>
  );
}
