import { BadgeCheck, CircleAlert, LayoutDashboard } from "lucide-react";
import { LanguageSwitcher } from "~/components/language-switcher";
import { StoreBusinessInfo } from "~/features/stores/components/store-business-info";
import { useT } from "~/i18n/use-t";
import { cn } from "~/lib/cn";

type BusinessInfo = React.ComponentProps<typeof StoreBusinessInfo>["info"];

/** The store page's header: who sells (the business info), the language, and the stamp. */
export function StorefrontHeader({
  info,
  renderedAt,
  stamp,
  today,
  confirmed,
}: {
  info: BusinessInfo;
  renderedAt: string;
  /** The stamp's sentence (stamp.ts). */
  stamp: string;
  /** Confirmed today: the stamp is green; otherwise amber. */
  today: boolean;
  /** Ever confirmed: a check mark; never: a warning sign. */
  confirmed: boolean;
}) {
  return (
    <header className="border-gray-200 border-b bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-start justify-between gap-x-3 gap-y-2 px-4 py-3">
        <StoreBusinessInfo info={info} renderedAt={renderedAt} />
        <div className="flex items-center gap-2">
          {/* Decision 0055: shown after load to a signed-in visitor; the cached HTML is everyone's. */}
          <DashboardLink />
          <LanguageSwitcher />
        </div>
        {/* The compliance stamp: the first thing under the name, visible without scrolling on a phone. */}
        <PriceStamp stamp={stamp} today={today} confirmed={confirmed} />
      </div>
    </header>
  );
}

/** The compliance stamp ("confirmed today" / "last confirmed"): the store page's and the embedded list's. */
export function PriceStamp({
  stamp,
  today,
  confirmed,
}: {
  stamp: string;
  today: boolean;
  confirmed: boolean;
}) {
  return (
    <p
      data-testid="price-stamp"
      className={cn(
        "flex w-full items-center gap-1.5 rounded-md px-2.5 py-1.5 font-medium text-sm",
        today ? "bg-brand-50 text-brand-900" : "bg-amber-50 text-amber-900",
      )}
    >
      {confirmed ? (
        <BadgeCheck aria-hidden className="size-4 shrink-0" />
      ) : (
        <CircleAlert aria-hidden className="size-4 shrink-0" />
      )}
      {stamp}
    </p>
  );
}

/**
 * A signed-in visitor's way back to the dashboard: in the HTML, hidden; the page's inline script
 * (decision 0097) shows it once the session call says who is signed in. The dashboard sends an owner
 * who has not finished onboarding on to it.
 */
function DashboardLink() {
  const { t } = useT("common");
  return (
    <a
      href="/dashboard/products"
      hidden
      data-signed-in=""
      className="inline-flex h-8 items-center gap-1.5 rounded-md border border-gray-200 bg-white px-2.5 font-medium text-gray-900 text-sm hover:bg-gray-50"
    >
      <LayoutDashboard aria-hidden className="size-4" />
      {t("session.dashboard")}
    </a>
  );
}
