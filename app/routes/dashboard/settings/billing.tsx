import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { loadBillingPage } from "~/features/billing/billing-pages.server";
import {
  BillingLoadFailed,
  BillingStatusCard,
  PaymentHistory,
  PendingPaymentCard,
} from "~/features/billing/components/billing-status";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/billing";

export const meta: Route.MetaFunction = titleMeta;

/** Settings → billing: trial or plan state, the pending invoice, the history. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  return { title: pageTitle(request, "billing:title"), ...(await loadBillingPage(ctx)) };
}

export default function BillingSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  if (loaderData.failed) return <BillingLoadFailed />;
  const { state, inactive, pending, payments } = loaderData;
  return (
    <div className="flex flex-col gap-5">
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
