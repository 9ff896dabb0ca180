import { AlertTriangle, BookOpenText, SearchCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { INSPECTOR_CHECKS, SECTION_IDS } from "../landing-content";
import { LandingSection } from "./landing-section";

/** Член 15-а, what an inspector checks, and the fines (PRODUCT.md "The law, as a checklist"). */
export function WhySection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection id={SECTION_IDS.why} title={t("why.title")} intro={t("why.intro")}>
      <div className="grid gap-4 lg:grid-cols-3">
        <article className="rounded-xl border border-gray-200 p-5">
          <BookOpenText aria-hidden className="size-6 text-brand-700" />
          <h3 className="mt-3 font-semibold text-gray-900 text-lg">{t("why.lawTitle")}</h3>
          <p className="mt-2 text-gray-700">{t("why.law")}</p>
        </article>
        <article className="rounded-xl border border-gray-200 p-5">
          <SearchCheck aria-hidden className="size-6 text-brand-700" />
          <h3 className="mt-3 font-semibold text-gray-900 text-lg">{t("why.inspectorTitle")}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-gray-700">
            {INSPECTOR_CHECKS.map((check) => (
              <li key={check}>{t(`why.checks.${check}`)}</li>
            ))}
          </ul>
        </article>
        <article className="rounded-xl border border-amber-200 bg-amber-50 p-5">
          <AlertTriangle aria-hidden className="size-6 text-amber-700" />
          <h3 className="mt-3 font-semibold text-gray-900 text-lg">{t("why.finesTitle")}</h3>
          <p className="mt-2 text-gray-800">{t("why.fines")}</p>
        </article>
      </div>
    </LandingSection>
  );
}
