import type { StoreAddress } from "~/features/address/address";
import { openingHoursSpecification, type WeekHours } from "~/features/stores/hours";
import { centsToDecimal } from "~/lib/money";
import { discountOf } from "./discount";

type StorefrontForLd = {
  store: {
    name: string;
    companyName: string;
    phone: string | null;
    active: boolean;
    address?: StoreAddress | null;
    logo?: { url: string } | null;
    hours?: WeekHours | null;
  };
  products: {
    id: string;
    name: string;
    description: string | null;
    priceCents: number;
    regularPriceCents: number | null;
    availability: string;
    categoryName: string | null;
    promotion?: { endsOn: string; startsOn: string } | null;
  }[];
};

const AVAILABILITY: Record<string, string> = {
  in_stock: "https://schema.org/InStock",
  out_of_stock: "https://schema.org/OutOfStock",
  on_order: "https://schema.org/PreOrder",
};

/**
 * schema.org structured data: the store as a Store (a LocalBusiness), and this page's products as
 * Product/Offer in MKD with the regular price as a StrikethroughPrice (PRODUCT.md "Beyond" 6).
 * The one Store object also carries the address, logo and openingHoursSpecification.
 */
export function storeJsonLd({ storefront, url }: { storefront: StorefrontForLd; url: string }) {
  const store = {
    "@context": "https://schema.org",
    "@type": "Store",
    "@id": `${url}#store`,
    name: storefront.store.name,
    legalName: storefront.store.companyName,
    url,
    ...(storefront.store.phone ? { telephone: storefront.store.phone } : {}),
    ...(storefront.store.logo ? { image: absoluteUrl(storefront.store.logo.url, url) } : {}),
    ...(storefront.store.address
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: storefront.store.address.street,
            addressLocality: storefront.store.address.place.latin,
            postalCode: storefront.store.address.postalCode,
            addressCountry: "MK",
          },
        }
      : {}),
    ...(storefront.store.hours
      ? { openingHoursSpecification: openingHoursSpecification(storefront.store.hours) }
      : {}),
    currenciesAccepted: "MKD",
  };
  if (!storefront.store.active) return store;
  return {
    ...store,
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: storefront.store.name,
      itemListElement: storefront.products.map((product) => {
        const discount = discountOf(product.priceCents, product.regularPriceCents);
        return {
          "@type": "Offer",
          priceCurrency: "MKD",
          price: centsToDecimal(product.priceCents),
          availability: AVAILABILITY[product.availability] ?? "https://schema.org/InStock",
          // A promotional price is valid until its promotion's last day.
          ...(product.promotion
            ? { priceValidUntil: product.promotion.endsOn, validFrom: product.promotion.startsOn }
            : {}),
          ...(discount
            ? {
                priceSpecification: [
                  {
                    "@type": "UnitPriceSpecification",
                    price: centsToDecimal(product.priceCents),
                    priceCurrency: "MKD",
                  },
                  {
                    "@type": "UnitPriceSpecification",
                    priceType: "https://schema.org/StrikethroughPrice",
                    price: centsToDecimal(product.regularPriceCents),
                    priceCurrency: "MKD",
                  },
                ],
              }
            : {}),
          itemOffered: {
            "@type": "Product",
            "@id": `${url}#${product.id}`,
            name: product.name,
            ...(product.description ? { description: product.description } : {}),
            ...(product.categoryName ? { category: product.categoryName } : {}),
          },
        };
      }),
    },
  };
}

/**
 * Structured data is read by crawlers away from the page, so every URL in it is absolute: an image
 * stored as a path ("/images/…") is resolved against the page's own address.
 */
function absoluteUrl(href: string, pageUrl: string): string {
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return href;
  }
}

/** JSON to put inside a <script> element: "<" is escaped, so no value can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
