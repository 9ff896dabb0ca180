import { CURRENCY, PLAN_IDS, PLANS } from "~/features/billing/plans";

// Schema.org data of the landing page, the organisation and its offers, built from the
// one plan configuration so search engines read the same prices the page shows.

export type OrganizationDetails = {
  name: string;
  legalName: string;
  email: string;
  address: string;
  taxId: string;
};

/** "1200.00": schema.org prices are decimal strings with a point. */
function decimalPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export function landingJsonLd(options: {
  baseUrl: string;
  organization: OrganizationDetails;
  description: string;
  /** The plan's name in the page's language. */
  planName: (id: (typeof PLAN_IDS)[number]) => string;
}) {
  const { baseUrl, organization, description, planName } = options;
  const orgId = `${baseUrl}/#organization`;
  const offers = PLAN_IDS.flatMap((id) => {
    const plan = PLANS[id];
    if (plan.priceCents === null || plan.months === null) return [];
    const price = decimalPrice(plan.priceCents);
    return [
      {
        "@type": "Offer",
        name: planName(id),
        url: `${baseUrl}/#pricing`,
        price,
        priceCurrency: CURRENCY,
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price,
          priceCurrency: CURRENCY,
          billingDuration: `P${plan.months}M`,
        },
        seller: { "@id": orgId },
      },
    ];
  });
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": orgId,
        name: organization.name,
        legalName: organization.legalName,
        url: `${baseUrl}/`,
        email: organization.email,
        address: organization.address,
        taxID: organization.taxId,
      },
      {
        "@type": "WebApplication",
        name: organization.name,
        url: `${baseUrl}/`,
        description,
        applicationCategory: "BusinessApplication",
        operatingSystem: "Web",
        provider: { "@id": orgId },
        offers,
      },
    ],
  };
}
