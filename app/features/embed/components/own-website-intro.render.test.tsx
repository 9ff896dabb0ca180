import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DashboardMenu } from "~/features/stores/components/dashboard-menu";
import { LOCALES, type Locale } from "~/i18n/config";
import { getServerI18n } from "~/i18n/i18n.server";
import { OWN_WEBSITE_ID, OwnWebsiteIntro } from "./own-website-intro";

// The two ways to the shop's own website (a custom domain, the embedded list) are offered beside the
// public page: the dashboard's menu has an entry next to "Public page" that opens Settings → Store
// at a box linking both sections.

function Menu() {
  return <DashboardMenu username="market-ana" />;
}

function render(locale: Locale, Component: () => React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/dashboard/products", Component }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(locale)}>
      <Stub initialEntries={["/dashboard/products"]} />
    </I18nextProvider>,
  );
}

const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(?:<svg[\s\S]*?<\/svg>)?([^<]*)<\/a>/g)].map(
    ([, href, text]) => `${text} → ${href}`,
  );

describe("the ways to the shop's own website", () => {
  for (const locale of LOCALES) {
    const t = getServerI18n(locale).t;

    it(`${locale}: the dashboard's menu has them right after the public page`, () => {
      const menu = links(render(locale, Menu));
      expect(menu.slice(-2)).toEqual([
        `${t("dashboard:menu.publicPage")} → /market-ana`,
        `${t("dashboard:menu.ownWebsite")} → /dashboard/settings/store#${OWN_WEBSITE_ID}`,
      ]);
      expect(menu).toHaveLength(12);
    });

    it(`${locale}: Settings → Store opens with a box that links the domain and the embed sections`, () => {
      const html = render(locale, OwnWebsiteIntro);
      expect(html).toContain(`id="${OWN_WEBSITE_ID}"`);
      expect(html).toContain(t("storeSettings:ownWebsite.title"));
      expect(links(html)).toEqual([
        `${t("storeSettings:ownWebsite.domain")} → #domain`,
        `${t("storeSettings:ownWebsite.embed")} → #embed`,
      ]);
      expect(html).not.toMatch(/ownWebsite\./);
    });
  }
});
