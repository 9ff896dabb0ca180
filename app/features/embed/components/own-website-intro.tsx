import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";

/** The anchor the dashboard's menu opens Settings → Store at: both ways to the shop's own website. */
export const OWN_WEBSITE_ID = "own-website";

/**
 * Settings → Store: the two ways to put the price list on the shop's own website (decisions 0133,
 * 0136), each a link to its section further down this page.
 */
export function OwnWebsiteIntro() {
  const { t } = useTranslation("storeSettings");
  return (
    <Card className="mt-4 p-5" id={OWN_WEBSITE_ID}>
      <h3 className="font-semibold">{t("ownWebsite.title")}</h3>
      <p className="mt-1 text-gray-600 text-sm">{t("ownWebsite.text")}</p>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
        <li>
          <a className="text-brand-700 underline" href="#domain">
            {t("ownWebsite.domain")}
          </a>
        </li>
        <li>
          <a className="text-brand-700 underline" href="#embed">
            {t("ownWebsite.embed")}
          </a>
        </li>
      </ul>
    </Card>
  );
}
