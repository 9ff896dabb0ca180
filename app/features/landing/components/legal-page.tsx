import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export const LEGAL_SECTIONS = {
  terms: ["service", "prices", "payment", "cancel", "changes"],
  privacy: ["data", "purpose", "cookies", "rights"],
} as const;

/** The terms or the privacy page linked from the landing footer, in the landing's look. */
export function LegalPage({
  page,
  operator,
}: {
  page: keyof typeof LEGAL_SECTIONS;
  operator: { company: string; email: string };
}) {
  const { t } = useTranslation("landing");
  const values = { company: operator.company, email: operator.email };
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-bold text-3xl text-gray-900 tracking-tight">{t(`legal.${page}.title`)}</h1>
      <p className="mt-3 text-gray-700 text-lg">{t(`legal.${page}.intro`, values)}</p>
      {LEGAL_SECTIONS[page].map((section) => (
        <section key={section} className="mt-8">
          <h2 className="font-semibold text-gray-900 text-xl">
            {t(`legal.${page}.sections.${section}.title`)}
          </h2>
          <p className="mt-2 text-gray-700">{t(`legal.${page}.sections.${section}.text`, values)}</p>
        </section>
      ))}
      <p className="mt-10">
        <Link to="/" className="font-medium text-brand-800 hover:underline">
          {t("legal.back")}
        </Link>
      </p>
    </article>
  );
}
