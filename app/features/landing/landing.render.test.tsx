import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { PLAN_IDS, PLANS } from "~/features/billing/plans";
import { LOCALES, type Locale } from "~/i18n/config";
import { getServerI18n } from "~/i18n/i18n.server";
import { formatMoney } from "~/lib/money";
import Home, { loader } from "~/routes/landing/home";
import { LandingFooter } from "./components/landing-footer";
import { LandingHeader } from "./components/landing-header";
import { FAQ_ITEMS, SECTION_IDS, SECTION_NAV } from "./landing-content";

// The landing page as the server renders it, in every language: every section the
// navigation points at exists, the plans show what billing/plans.ts configures, the FAQ has its
// eight-plus questions, and no text is a missing key.

function Page() {
  return (
    <>
      <LandingHeader signedIn={false} />
      <Home loaderData={useLoaderData() as never} actionData={undefined} params={{}} matches={[] as never} />
      <LandingFooter
        operator={{ company: "Витрина ДООЕЛ", address: "Скопје", taxId: "403", email: "a@b.mk" }}
      />
    </>
  );
}

async function render(locale: Locale): Promise<string> {
  const request = new Request("http://localhost/", { headers: { cookie: `lang=${locale}` } });
  const loaderData = loader({ request, params: {}, context: {} } as never);
  const Stub = createRoutesStub([{ id: "home", path: "/", Component: Page }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(locale)}>
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { home: loaderData } }} />
    </I18nextProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&nbsp;|\u00a0/g, " ");

describe("the landing page", () => {
  for (const locale of LOCALES) {
    it(`${locale}: every navigation anchor has its section`, async () => {
      const html = await render(locale);
      for (const item of SECTION_NAV) expect(html).toContain(`id="${item.href.slice(1)}"`);
      for (const id of Object.values(SECTION_IDS)) expect(html).toContain(`id="${id}"`);
    });

    it(`${locale}: the plans show the prices of billing/plans.ts`, async () => {
      const html = await render(locale);
      for (const id of PLAN_IDS) {
        const cents = PLANS[id].priceCents;
        if (cents === null) continue;
        expect(text(html)).toContain(formatMoney(cents, locale).replace(/\u00a0/g, " "));
      }
      expect(text(html)).toContain(String(PLANS.yearly.freeMonths));
    });

    it(`${locale}: the FAQ has at least eight questions, each a native <details>, and no key shows`, async () => {
      const html = await render(locale);
      expect(FAQ_ITEMS.length).toBeGreaterThanOrEqual(8);
      expect(html.match(/<details class="group">/g)?.length).toBe(FAQ_ITEMS.length);
      expect(text(html)).not.toMatch(
        /\b(?:hero|why|how|features|pricing|faq|compliance|video|waitlist|footer|nav)\.[a-z]/,
      );
    });

    it(`${locale}: every plan says it includes a custom domain and the embedded list; the FAQ says how to embed`, async () => {
      const html = await render(locale);
      const t = getServerI18n(locale).t;
      for (const id of PLAN_IDS) {
        const card = html.slice(html.indexOf(`data-plan="${id}"`));
        const included = card.slice(card.indexOf(`data-testid="plan-domain-${id}"`), card.indexOf("</li>"));
        expect(text(included)).toContain(t("landing:pricing.planDomain"));
      }
      expect(FAQ_ITEMS).toContain("embed");
      expect(text(html)).toContain(t("landing:faq.items.embed.q"));
    });

    it(`${locale}: the FAQ says a custom domain is in every plan and how to connect it`, async () => {
      const html = await render(locale);
      const t = getServerI18n(locale).t;
      expect(FAQ_ITEMS).toContain("domain");
      const question = t("landing:faq.items.domain.q");
      const answer = t("landing:faq.items.domain.a");
      const page = text(html).replace(/\s+/g, " ");
      expect(page).toContain(question);
      // The answer sits in the question's own <details>, its text in full.
      const details = html.match(/<details class="group">[\s\S]*?<\/details>/g) ?? [];
      const item = details.find((block) => text(block).includes(question));
      expect(item).toBeDefined();
      expect(text(item!).replace(/\s+/g, " ")).toContain(answer.replace(/\s+/g, " "));
      // What it has to say: the records at the registrar (CNAME and TXT), and the check.
      for (const word of ["CNAME", "TXT", "ceni."]) expect(answer).toContain(word);
      expect(answer).toContain(t("storeSettings:domain.check"));
    });

    it(`${locale}: the video is captioned in every language, not autoplayed, loaded on demand, sized`, async () => {
      const html = await render(locale);
      const video = html.match(/<video[^>]*>/)![0];
      expect(video).toContain('preload="none"');
      expect(video).toContain("controls");
      expect(video).not.toContain("autoplay");
      expect(video).toMatch(/width="\d+"/);
      expect(video).toMatch(/height="\d+"/);
      expect(video).toContain("poster=");
      for (const lang of LOCALES)
        expect(html).toMatch(new RegExp(`<track[^>]*kind="captions"[^>]*srcLang="${lang}"`, "i"));
    });
  }

  it("structured data: the organisation and one offer per payable plan, at the configured prices", () => {
    const request = new Request("http://localhost/");
    const { jsonLd } = loader({ request, params: {}, context: {} } as never);
    const [organization, app] = jsonLd["@graph"] as unknown as [
      Record<string, unknown>,
      { offers: Record<string, unknown>[] },
    ];
    expect(organization["@type"]).toBe("Organization");
    expect(app.offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual([
      [(PLANS.monthly.priceCents! / 100).toFixed(2), "MKD"],
      [(PLANS.yearly.priceCents! / 100).toFixed(2), "MKD"],
    ]);
  });
});
