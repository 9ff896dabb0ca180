import { describe, expect, it } from "vitest";
import { scriptJson, storeJsonLd } from "./json-ld";

const storefront = {
  store: {
    name: "Маркет </script><script>alert(1)</script>",
    companyName: "Д ДООЕЛ",
    phone: null,
    active: true,
  },
  products: [
    {
      id: "p1",
      name: "Млеко",
      description: null,
      priceCents: 8_000,
      regularPriceCents: 10_000,
      availability: "in_stock",
      categoryName: null,
    },
  ],
};

describe("store structured data", () => {
  it("offers each product in MKD with the regular price as a strikethrough price", () => {
    const ld = JSON.parse(scriptJson(storeJsonLd({ storefront, url: "https://vitrina.mk/shop" })));
    const [offer] = ld.hasOfferCatalog.itemListElement;
    expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "MKD", price: "80.00" });
    expect(offer.priceSpecification[1]).toMatchObject({
      priceType: "https://schema.org/StrikethroughPrice",
      price: "100.00",
    });
  });

  it("gives a promotional offer the day its promotion ends as priceValidUntil", () => {
    const promoted = {
      ...storefront,
      products: [{ ...storefront.products[0]!, promotion: { startsOn: "2026-12-01", endsOn: "2026-12-07" } }],
    };
    const ld = JSON.parse(scriptJson(storeJsonLd({ storefront: promoted, url: "https://vitrina.mk/shop" })));
    const [offer] = ld.hasOfferCatalog.itemListElement;
    expect(offer).toMatchObject({ priceValidUntil: "2026-12-07", validFrom: "2026-12-01" });
    expect(offer.priceSpecification[1]).toMatchObject({ priceType: "https://schema.org/StrikethroughPrice" });
  });

  it("cannot close its script element, whatever the store is called", () => {
    const text = scriptJson(storeJsonLd({ storefront, url: "https://vitrina.mk/shop" }));
    expect(text).not.toContain("</script");
    expect(JSON.parse(text).name).toBe("Маркет </script><script>alert(1)</script>");
  });
});

describe("URLs in the store's structured data", () => {
  it("gives the store's logo as an absolute URL", () => {
    const withLogo = {
      ...storefront,
      store: { ...storefront.store, logo: { url: "/images/logo-abc.webp" } },
    };
    const ld = storeJsonLd({ storefront: withLogo, url: "https://vitrina.mk/shop" });
    expect(ld.image).toBe("https://vitrina.mk/images/logo-abc.webp");
    expect(ld.url).toBe("https://vitrina.mk/shop");
  });
});
