import { useTranslation } from "react-i18next";
import { requireOwnerStore } from "~/auth/guards.server";
import { billingAction, loadBillingPage } from "~/features/billing/billing-pages.server";
import { BillingLoadFailed, PendingPaymentCard } from "~/features/billing/components/billing-status";
import { PlanChoiceForm } from "~/features/billing/components/plan-choice";
import { ProviderRedirect } from "~/features/billing/components/provider-redirect";
import { failureOf } from "~/lib/action-result";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/payment-change";

export const meta: Route.MetaFunction = titleMeta;

/**
 * /dashboard/payment/change: switch the plan or the method. The pending payment is
 * cancelled (a new event) and a new one created; the plan in force stays until the new one is paid.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  return { title: pageTitle(request, "billing:change.title"), ...(await loadBillingPage(ctx)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return billingAction(ctx, request, ["choose"]);
}

export default function PaymentChange({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const choose = failureOf(actionData, "choose");
  const provider = actionData && "provider" in actionData ? actionData.provider : null;
  if (loaderData.failed)
    return (
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        <BillingLoadFailed />
      </div>
    );
  const current = loaderData.pending ?? null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl">{t("change.title")}</h1>
      <p className="text-gray-600 text-sm">{t(current ? "change.replaces" : "change.hint")}</p>
      {provider ? <ProviderRedirect start={provider} /> : null}
      {current ? <PendingPaymentCard payment={current} changeLink={false} /> : null}
      <PlanChoiceForm
        methods={loaderData.methods}
        plan={current?.plan ?? loaderData.state.plan ?? "monthly"}
        method={current?.method ?? loaderData.method ?? "bank_transfer"}
        errors={choose?.errors}
        submitKey="change.submit"
      />
    </div>
  );
}
