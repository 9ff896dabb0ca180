import { useTranslation } from "react-i18next";
import { COMPLIANCE_ROWS, SECTION_IDS } from "../landing-content";
import { LandingSection } from "./landing-section";

/** Each field of the Rulebook beside the place on the public page where Vitrina shows it. */
export function ComplianceSection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection
      id={SECTION_IDS.compliance}
      title={t("compliance.title")}
      intro={t("compliance.intro")}
      className="bg-gray-50"
    >
      <table className="w-full border-collapse overflow-hidden rounded-xl bg-white text-left text-sm">
        <thead className="sr-only sm:not-sr-only">
          <tr className="border-gray-200 border-b bg-gray-100">
            <th scope="col" className="px-4 py-3 font-semibold text-gray-900 sm:w-2/5">
              {t("compliance.fieldHeader")}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold text-gray-900">
              {t("compliance.whereHeader")}
            </th>
          </tr>
        </thead>
        <tbody>
          {COMPLIANCE_ROWS.map((row) => (
            <tr key={row} className="block border-gray-200 border-b last:border-b-0 sm:table-row">
              <th scope="row" className="block px-4 pt-3 font-medium text-gray-900 sm:table-cell sm:py-3">
                {t(`compliance.rows.${row}.field`)}
              </th>
              <td className="block px-4 pt-1 pb-3 text-gray-700 sm:table-cell sm:py-3">
                {t(`compliance.rows.${row}.where`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </LandingSection>
  );
}
