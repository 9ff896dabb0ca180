import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { getDb } from "~/db/db.server";
import { ComplianceSection } from "~/features/landing/components/compliance-section";
import { FaqSection } from "~/features/landing/components/faq-section";
import { FeaturesSection } from "~/features/landing/components/features-section";
import { HeroSection } from "~/features/landing/components/hero-section";
import { HowSection } from "~/features/landing/components/how-section";
import { PricingSection } from "~/features/landing/components/pricing-section";
import { VideoSection } from "~/features/landing/components/video-section";
import { WaitlistSection } from "~/features/landing/components/waitlist-section";
import { WhySection } from "~/features/landing/components/why-section";
import { landingJsonLd } from "~/features/landing/structured-data";
import { addToWaitlist } from "~/features/waitlist/waitlist.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { getConfig } from "~/lib/config.server";
import { formObject } from "~/lib/form";
import { publicPageMeta } from "~/lib/page-title";
import { handleAction } from "~/lib/route-adapter.server";
import { getMailer } from "~/mail/mailer.server";
import { loadAsDocument, STATIC_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/home";

// Decision 0097: the landing page is HTML and CSS only (Lighthouse mobile 100); nothing on
// it needs React in the browser.
export const handle = STATIC_PAGE;

/**
 * A client navigation to it (a link on a hydrated page) loads it as a document instead, so it is
 * always the page the server sends, with its inline script and without the app's scripts.
 */
export const clientLoader = loadAsDocument;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    ...publicPageMeta({ loaderData }),
    { property: "og:type", content: "website" },
    { property: "og:title", content: loaderData.title },
    { property: "og:description", content: loaderData.description },
    { property: "og:url", content: loaderData.canonical },
    { "script:ld+json": loaderData.jsonLd },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  const t = getFixedT(requestLocale(request));
  const { baseUrl, operator } = getConfig();
  const description = t("landing:meta.description");
  return {
    title: t("landing:meta.title"),
    description,
    canonical: `${baseUrl}/`,
    contactEmail: operator.email,
    jsonLd: landingJsonLd({
      baseUrl,
      description,
      organization: {
        name: t("common:appName"),
        legalName: operator.company,
        email: operator.email,
        address: operator.address,
        taxId: operator.taxId,
      },
      planName: (id) => t(`landing:pricing.${id}.name`),
    }),
  };
}

/** The waitlist form: validated, rate-limited per client address, confirmed by e-mail. */
export async function action({ request }: Route.ActionArgs) {
  const values = formObject(await request.formData());
  return handleAction(
    async () => {
      await addToWaitlist(
        {
          db: getDb(),
          ipAddress: request.headers.get(CLIENT_IP_HEADER) || null,
          locale: requestLocale(request),
          mailer: getMailer(),
        },
        { email: values.email, storeName: values.storeName, interest: values.interest, source: "landing" },
      );
      return {};
    },
    {
      values: {
        email: values.email ?? "",
        storeName: values.storeName ?? "",
        interest: values.interest ?? "",
      },
    },
  );
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <HeroSection />
      <WhySection />
      <HowSection />
      <FeaturesSection />
      <PricingSection contactEmail={loaderData.contactEmail} />
      <FaqSection />
      <ComplianceSection />
      <VideoSection />
      <WaitlistSection result={actionData} />
    </>
  );
}
