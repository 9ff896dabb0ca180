import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/i18n/config";
import { getServerI18n } from "~/i18n/i18n.server";
import { CustomDomainForm, type DomainView } from "./custom-domain-form";

// Settings → Store, the records to set at the registrar: the front's own addresses for an apex domain
// when the operator named them (PLATFORM_IPV4 / PLATFORM_IPV6), else where to find them.

const VIEW: DomainView = {
  domain: "marketana.mk",
  verified: false,
  recordName: "_vitrina.marketana.mk",
  recordValue: "vitrina-verification=abc",
  checkedAt: null,
  lastSeenAt: null,
};

type Addresses = { ipv4: string[]; ipv6: string[] };

function Page() {
  return (
    <CustomDomainForm
      view={VIEW}
      platformHost="vitrina.mk"
      platformAddresses={useLoaderData() as Addresses}
      https
      lapseDays={7}
      errors={{}}
    />
  );
}

function render(locale: Locale, platformAddresses: Addresses): string {
  const Stub = createRoutesStub([{ id: "page", path: "/", Component: Page }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(locale)}>
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { page: platformAddresses } }} />
    </I18nextProvider>,
  );
}

/** The record rows as "type: values", from the markup. */
function records(html: string): string[] {
  return [...html.matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(([, type, dd]) => {
    const codes = [...dd!.matchAll(/<code[^>]*>([^<]*)<\/code>/g)].map((match) => match[1]);
    const prose = dd!.match(/<span>([^<]*)<\/span>/)?.[1];
    return `${type}: ${[...codes.slice(1), ...(prose ? [prose] : [])].join(" ")}`;
  });
}

describe("the registrar's records for a custom domain", () => {
  for (const locale of LOCALES) {
    const t = getServerI18n(locale).t;

    it(`${locale}: the A and AAAA records carry the platform's addresses when they are set`, () => {
      const html = render(locale, { ipv4: ["203.0.113.10", "203.0.113.11"], ipv6: ["2001:db8::10"] });
      expect(records(html)).toEqual([
        "CNAME: vitrina.mk",
        "A: 203.0.113.10 203.0.113.11",
        "AAAA: 2001:db8::10",
        "TXT: vitrina-verification=abc",
      ]);
      expect(html).toContain(t("storeSettings:domain.apexAddressNote"));
      expect(html).not.toContain(t("storeSettings:domain.apexValue", { host: "vitrina.mk" }));
    });

    it(`${locale}: only the family that is set; without any, the wording about the host's addresses`, () => {
      expect(records(render(locale, { ipv4: ["203.0.113.10"], ipv6: [] }))).toEqual([
        "CNAME: vitrina.mk",
        "A: 203.0.113.10",
        "TXT: vitrina-verification=abc",
      ]);
      const html = render(locale, { ipv4: [], ipv6: [] });
      expect(records(html)).toEqual([
        "CNAME: vitrina.mk",
        `A / AAAA: ${t("storeSettings:domain.apexValue", { host: "vitrina.mk" })}`,
        "TXT: vitrina-verification=abc",
      ]);
      expect(html).toContain(t("storeSettings:domain.apexNote"));
      expect(html).not.toMatch(/storeSettings:|domain\.[a-z]/);
    });
  }
});
