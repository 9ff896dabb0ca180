import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { PLAN_IDS, PLANS, type PlanId, yearlySavingPercent } from "~/features/billing/plans";
import { cn } from "~/lib/cn";
import { formatMoney, type MoneyLocale } from "~/lib/money";
import { SECTION_IDS } from "../landing-content";
import { LandingSection } from "./landing-section";

/** The plans from the one plan configuration (billing/plans.ts): no price is written here. */
export function PricingSection({ contactEmail }: { contactEmail: string }) {
  const { t, i18n } = useTranslation("landing");
  const locale = i18n.language as MoneyLocale;
  return (
    <LandingSection
      id={SECTION_IDS.pricing}
      title={t("pricing.title")}
      intro={t("pricing.intro")}
      className="bg-gray-50"
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {PLAN_IDS.map((id) => (
          <li
            key={id}
            data-plan={id}
            className={cn(
              "flex flex-col rounded-xl border bg-white p-5 sm:p-6",
              id === "yearly" ? "border-brand-600 ring-1 ring-brand-600" : "border-gray-200",
            )}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-gray-900 text-lg">{t(`pricing.${id}.name`)}</h3>
              {id === "yearly" ? (
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800 text-xs">
                  {t("pricing.yearly.badge")}
                </span>
              ) : null}
            </div>
            <p className="mt-3 flex flex-wrap items-baseline gap-x-1.5">
              <span className="font-bold text-3xl text-gray-900" data-testid={`price-${id}`}>
                {priceText(id, locale, t)}
              </span>
              {PLANS[id].months ? (
                <span className="text-gray-600">
                  {t(PLANS[id].months === 12 ? "pricing.perYear" : "pricing.perMonth")}
                </span>
              ) : null}
            </p>
            <p className="mt-2 text-gray-700 text-sm">
              {t(`pricing.${id}.text`, { free: PLANS.yearly.freeMonths, percent: yearlySavingPercent() })}
            </p>
            {/* Every plan includes a custom domain and the embedded list (decision 0136): each card says so. */}
            <p className="mt-3 flex flex-1 gap-1.5 text-gray-700 text-sm" data-testid={`plan-domain-${id}`}>
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
              {t("pricing.planDomain")}
            </p>
            {id === "custom" ? (
              <a
                href={`mailto:${contactEmail}`}
                className={buttonVariants({ variant: "outline", className: "mt-5" })}
              >
                {t("pricing.contact")}
              </a>
            ) : (
              <Link
                to="/auth/register"
                className={cn(
                  buttonVariants({ variant: id === "yearly" ? "default" : "outline" }),
                  "mt-5 h-auto min-h-10 whitespace-normal py-2 text-center",
                )}
              >
                {t("pricing.start")}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-6 flex gap-2 text-gray-700 text-sm">
        <Check aria-hidden className="size-5 shrink-0 text-brand-700" />
        {t("pricing.includes")}
      </p>
      <p className="mt-2 pl-7 text-gray-600 text-sm">{t("pricing.trial")}</p>
    </LandingSection>
  );
}

function priceText(id: PlanId, locale: MoneyLocale, t: (key: string) => string): string {
  const cents = PLANS[id].priceCents;
  return cents === null ? t("pricing.custom.price") : formatMoney(cents, locale);
}
