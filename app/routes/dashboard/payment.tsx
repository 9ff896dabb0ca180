import { useTranslation } from "react-i18next";
import { requireOwnerStore } from "~/auth/guards.server";
import { billingAction, loadBillingPage } from "~/features/billing/billing-pages.server";
import { BillingLoadFailed, PendingPaymentCard } from "~/features/billing/components/billing-status";
import { CustomPlanForm, PlanChoiceForm } from "~/features/billing/components/plan-choice";
import { ProviderRedirect } from "~/features/billing/components/provider-redirect";
import { isPayablePlan } from "~/features/billing/plans";
import { failureOf } from "~/lib/action-result";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/payment";

export const meta: Route.MetaFunction = titleMeta;

/** /dashboard/payment: choose monthly or yearly and how to pay, or ask for a custom plan. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const asked = new URL(request.url).searchParams.get("plan");
  return {
    title: pageTitle(request, "billing:choose.title"),
    plan: isPayablePlan(asked) ? asked : ("monthly" as const),
    ...(await loadBillingPage(ctx)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return billingAction(ctx, request, ["choose", "custom"]);
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const choose = failureOf(actionData, "choose");
  const custom = failureOf(actionData, "custom");
  const sent = Boolean(actionData && "sent" in actionData && actionData.sent);
  const provider = actionData && "provider" in actionData ? actionData.provider : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl">{t("choose.title")}</h1>
      {loaderData.failed ? (
        <BillingLoadFailed />
      ) : (
        <>
          {provider ? <ProviderRedirect start={provider} /> : null}
          {loaderData.pending ? (
            <>
              <PendingPaymentCard payment={loaderData.pending} />
              <p className="text-gray-600 text-sm">{t("choose.replaces")}</p>
            </>
          ) : null}
          <PlanChoiceForm
            methods={loaderData.methods}
            plan={loaderData.plan}
            method="bank_transfer"
            errors={choose?.errors}
            submitKey="choose.submit"
          />
          <CustomPlanForm errors={custom?.errors} values={custom?.values} sent={sent} />
        </>
      )}
    </div>
  );
}
