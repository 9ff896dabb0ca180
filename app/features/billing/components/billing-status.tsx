import { FileDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { Locale } from "~/i18n/config";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { BillingStateView, PaymentView } from "../billing-view";

const TONE = {
  active: "bg-brand-50 text-brand-800",
  endingSoon: "bg-amber-50 text-amber-900",
  expired: "bg-red-50 text-red-800",
  none: "bg-gray-100 text-gray-700",
} as const;

/** Trial or plan state: the status, days remaining, next payment date and the plan in force. */
export function BillingStatusCard({ state, inactive }: { state: BillingStateView; inactive: boolean }) {
  const { t, i18n } = useTranslation("billing");
  const locale = i18n.language as Locale;
  return (
    <Card className="p-5" data-testid="billing-status">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-lg">
          {t(state.phase === "paid" ? "status.planTitle" : "status.trialTitle")}
        </h2>
        <span className={cn("rounded-full px-2.5 py-1 font-medium text-xs", TONE[state.status])}>
          {t(`status.${state.phase}.${state.status}`)}
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-gray-500">{t("status.daysRemaining")}</dt>
          <dd className="font-semibold text-2xl">{state.daysRemaining ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-gray-500">{t("status.nextPayment")}</dt>
          <dd className="font-medium">
            {state.nextPaymentDate ? formatDate(state.nextPaymentDate, locale) : "—"}
          </dd>
        </div>
        <div>
          <dt className="text-gray-500">{t("status.plan")}</dt>
          <dd className="font-medium">
            {state.plan ? t(`plans.${state.plan}.name`) : t("status.freeTrial")}
          </dd>
        </div>
      </dl>
      {inactive ? (
        <p className="mt-4 rounded-md bg-red-50 p-3 text-red-800 text-sm" role="alert">
          {t("status.inactive")}
        </p>
      ) : null}
    </Card>
  );
}

/** The payment waiting for its money: the invoice to download, the reference, the way to change it. */
export function PendingPaymentCard({
  payment,
  changeLink = true,
}: {
  payment: PaymentView;
  changeLink?: boolean;
}) {
  const { t, i18n } = useTranslation("billing");
  const locale = i18n.language as Locale;
  return (
    <Card className="p-5" data-testid="pending-payment">
      <h2 className="font-semibold text-lg">{t("pending.title")}</h2>
      <p className="mt-1 text-gray-600 text-sm">{t(`pending.how.${payment.method}`)}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-gray-500">{t("pending.reference")}</dt>
          <dd className="font-mono font-semibold">{payment.reference}</dd>
        </div>
        <div>
          <dt className="text-gray-500">{t("status.plan")}</dt>
          <dd className="font-medium">{t(`plans.${payment.plan}.name`)}</dd>
        </div>
        <div>
          <dt className="text-gray-500">{t("pending.amount")}</dt>
          <dd className="font-medium">{formatMoney(payment.amountCents, locale)}</dd>
        </div>
        <div>
          <dt className="text-gray-500">{t("pending.due")}</dt>
          <dd className="font-medium">{formatDate(payment.dueAt, locale)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={`/dashboard/payment/invoice/${payment.id}`}
          className={buttonVariants()}
          download={`${payment.reference}.pdf`}
        >
          <FileDown aria-hidden className="size-4" />
          {t("pending.download")}
        </a>
        {changeLink ? (
          <Link to="/dashboard/payment/change" className={buttonVariants({ variant: "outline" })}>
            {t("pending.change")}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

/** Every payment of the store, newest first, with its derived status. */
export function PaymentHistory({ payments }: { payments: PaymentView[] }) {
  const { t, i18n } = useTranslation("billing");
  const locale = i18n.language as Locale;
  if (!payments.length) return null;
  return (
    <Card className="p-5">
      <h2 className="font-semibold text-lg">{t("history.title")}</h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {payments.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="font-mono">{row.reference}</span>
            <span>{t(`plans.${row.plan}.name`)}</span>
            <span>{formatMoney(row.amountCents, locale)}</span>
            <span className="text-gray-600">{formatDate(row.createdAt, locale)}</span>
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs">
              {t(`paymentStatus.${row.status}`)}
            </span>
            <a
              className="text-brand-700 underline-offset-4 hover:underline"
              href={`/dashboard/payment/invoice/${row.id}`}
            >
              {t("history.invoice")}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** "Failed to load billing", with the way to try again. */
export function BillingLoadFailed() {
  const { t } = useTranslation("billing");
  const location = useLocation();
  return (
    <div role="alert" className="rounded-md bg-red-50 p-4 text-red-800 text-sm">
      <p>{t("errors:billingLoadFailed")}</p>
      <a href={`${location.pathname}${location.search}`} className="mt-2 inline-block font-medium underline">
        {t("tryAgain")}
      </a>
    </div>
  );
}
