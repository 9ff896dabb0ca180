import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/config";
import { resources } from "~/i18n/resources";

// The landing page's offer agrees with the product (PRODUCT.md): the REST API for POS programs
// exists, so a POS connection is not "planned"; every store may have several points of sale on any
// plan (a trial owner adds one with no word about plans), so they are not the custom plan's.

type Landing = {
  pricing: { includes: string; custom: { text: string } };
  faq: { items: { pos: { a: string } } };
  waitlist: { intro: string };
};

const POINTS_OF_SALE = { mk: "продажн", en: "point of sale", sq: "pik" } as const;
const PLANNED = {
  mk: /во план|во подготовка/i,
  en: /planned|on the way/i,
  sq: /në plan|në përgatitje/i,
} as const;

describe("the landing page's offer", () => {
  for (const locale of LOCALES) {
    const landing = resources[locale].landing as unknown as Landing;

    it(`names the REST API as what connects a POS today (${locale})`, () => {
      expect(landing.faq.items.pos.a).toContain("REST API");
      expect(landing.faq.items.pos.a).not.toMatch(PLANNED[locale]);
      expect(landing.pricing.includes).toContain("REST API");
      // The waitlist may still promise agency dashboards, not the connection that exists.
      expect(landing.waitlist.intro).toContain("REST API");
    });

    it(`includes points of sale in every plan, not only the custom one (${locale})`, () => {
      expect(landing.pricing.includes.toLowerCase()).toContain(POINTS_OF_SALE[locale]);
      expect(landing.pricing.custom.text.toLowerCase()).not.toContain(POINTS_OF_SALE[locale]);
    });
  }
});
