import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FAQ_ITEMS, SECTION_IDS } from "../landing-content";
import { LandingSection } from "./landing-section";

/** Native <details>: each answer opens without JavaScript, and the browser's find-in-page finds it. */
export function FaqSection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection id={SECTION_IDS.faq} title={t("faq.title")}>
      <div className="divide-y divide-gray-200 rounded-xl border border-gray-200">
        {FAQ_ITEMS.map((item) => (
          <details key={item} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-gray-900 [&::-webkit-details-marker]:hidden">
              <h3>{t(`faq.items.${item}.q`)}</h3>
              <ChevronDown aria-hidden className="size-5 shrink-0 text-gray-500 group-open:rotate-180" />
            </summary>
            <p className="px-5 pb-5 text-gray-700">{t(`faq.items.${item}.a`)}</p>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}
