import { useTranslation } from "react-i18next";
import { HOW_STEPS, SECTION_IDS } from "../landing-content";
import { LandingSection } from "./landing-section";

/** Sign up → import or add products → confirm each morning. */
export function HowSection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection id={SECTION_IDS.how} title={t("how.title")} intro={t("how.intro")} className="bg-gray-50">
      <ol className="grid gap-4 md:grid-cols-3">
        {HOW_STEPS.map((step, index) => (
          <li key={step} className="rounded-xl border border-gray-200 bg-white p-5">
            <span
              aria-hidden
              className="grid size-9 place-items-center rounded-full bg-brand-700 font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold text-gray-900 text-lg">{t(`how.steps.${step}.title`)}</h3>
            <p className="mt-2 text-gray-700">{t(`how.steps.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
