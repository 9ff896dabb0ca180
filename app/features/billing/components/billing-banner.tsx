import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Locale } from "~/i18n/config";
import { formatDate } from "~/lib/dates";
import type { BillingStateView } from "../billing-view";

export type BillingBannerView = BillingStateView & { inactive: boolean };

/** On every dashboard page while the trial or plan ends within 7 days, or has ended. */
export function BillingBanner({ banner }: { banner: BillingBannerView | null }) {
  const { t, i18n } = useTranslation("billing");
  if (!banner) return null;
  const expired = banner.status === "expired" || banner.inactive;
  const date = banner.nextPaymentDate ? formatDate(banner.nextPaymentDate, i18n.language as Locale) : "";
  const key = expired
    ? `banner.${banner.phase}.expired`
    : banner.daysRemaining === 0
      ? `banner.${banner.phase}.endsToday`
      : `banner.${banner.phase}.endingSoon`;
  return (
    <div
      role="status"
      data-testid="billing-banner"
      className={
        expired
          ? "flex flex-wrap items-center gap-3 border-red-200 border-b bg-red-50 px-4 py-3 text-red-900 text-sm"
          : "flex flex-wrap items-center gap-3 border-amber-200 border-b bg-amber-50 px-4 py-3 text-amber-900 text-sm"
      }
    >
      <AlertTriangle aria-hidden className="size-4 shrink-0" />
      <p className="min-w-0 flex-1 basis-64">
        {t(key, { count: banner.daysRemaining ?? 0, date })}
        {expired ? ` ${t("banner.inactive")}` : ""}
      </p>
      <Link
        to="/dashboard/payment"
        className="shrink-0 rounded-md bg-white px-3 py-1.5 font-medium text-gray-900 shadow-sm ring-1 ring-gray-300 hover:bg-gray-50"
      >
        {t("banner.pay")}
      </Link>
    </div>
  );
}
