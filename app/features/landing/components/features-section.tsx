import {
  BadgePercent,
  CalendarCheck,
  FileSpreadsheet,
  Globe,
  ImageIcon,
  Languages,
  MessageSquareWarning,
  Smartphone,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { FEATURES, SECTION_IDS } from "../landing-content";
import { LandingSection } from "./landing-section";

const ICONS = {
  publicPage: Globe,
  daily: CalendarCheck,
  reports: MessageSquareWarning,
  files: FileSpreadsheet,
  promotions: BadgePercent,
  images: ImageIcon,
  mobile: Smartphone,
  languages: Languages,
} satisfies Record<(typeof FEATURES)[number], unknown>;

export function FeaturesSection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection id={SECTION_IDS.features} title={t("features.title")}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((feature) => {
          const Icon = ICONS[feature];
          return (
            <li key={feature} className="rounded-xl border border-gray-200 p-5">
              <Icon aria-hidden className="size-6 text-brand-700" />
              <h3 className="mt-3 font-semibold text-gray-900">{t(`features.items.${feature}.title`)}</h3>
              <p className="mt-1.5 text-gray-700 text-sm">{t(`features.items.${feature}.text`)}</p>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
