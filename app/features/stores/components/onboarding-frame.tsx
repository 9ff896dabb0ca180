import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { ONBOARDING_STEPS } from "../store.schema";

/**
 * A dashboard page opened from onboarding (the import, the image library) before onboarding is
 * finished: onboarding's header and its way back, instead of a menu of pages that are not open yet
 * (decision 0124).
 */
export function OnboardingFrame({ step, children }: { step: number; children: ReactNode }) {
  const { t } = useTranslation("onboarding");
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-gray-50">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Logo />
        <LanguageSwitcher />
      </header>
      <section aria-label={t("progressLabel")} className="mx-auto flex max-w-4xl flex-col gap-1 px-4 sm:px-6">
        <p className="font-medium text-brand-700 text-sm">
          {t("frame.label", { step, total: ONBOARDING_STEPS })}
        </p>
        <p className="text-gray-700 text-sm">{t("frame.hint")}</p>
        <Link
          to={`/onboarding?step=${step}`}
          className="inline-flex items-center gap-1 self-start font-medium text-brand-700 text-sm underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("frame.back")}
        </Link>
      </section>
      <main>{children}</main>
    </div>
  );
}
