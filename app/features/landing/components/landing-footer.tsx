import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { DEMO_LINKS } from "../landing-content";

/** The operator's details as configured (config.server.ts OPERATOR_*), the same the invoices carry. */
export type FooterOperator = { company: string; address: string; taxId: string; email: string };

const heading = "font-semibold text-gray-900 text-sm";
const link = "text-gray-700 hover:text-brand-800 hover:underline";

export function LandingFooter({ operator }: { operator: FooterOperator }) {
  const { t } = useTranslation("landing");
  return (
    <footer className="border-gray-200 border-t bg-gray-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-gray-700">{t("footer.tagline")}</p>
          <LanguageSwitcher className="mt-4 w-fit min-[1340px]:hidden" />
        </div>
        <div>
          <h2 className={heading}>{t("footer.company")}</h2>
          <address className="mt-3 space-y-1 text-gray-700 not-italic">
            <p>{operator.company}</p>
            <p>{operator.address}</p>
            <p>{t("footer.taxId", { value: operator.taxId })}</p>
          </address>
        </div>
        <div>
          <h2 className={heading}>{t("footer.contact")}</h2>
          <p className="mt-3">
            <a href={`mailto:${operator.email}`} className={`${link} wrap-anywhere`}>
              {operator.email}
            </a>
          </p>
          <h2 className={`${heading} mt-5`}>{t("footer.legal")}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/terms" className={link}>
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={link}>
                {t("footer.privacy")}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>{t("footer.product")}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={DEMO_LINKS.store} className={link}>
                {t("footer.demo")}
              </Link>
            </li>
            <li>
              <Link to={DEMO_LINKS.files} className={link}>
                {t("footer.files")}
              </Link>
            </li>
            <li>
              <a href={DEMO_LINKS.pdf} className={link}>
                {t("footer.pdf")}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-gray-200 border-t py-4 text-center text-gray-600 text-xs">
        {t("footer.copyright", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
