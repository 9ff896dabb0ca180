import { PLANS } from "../app/features/billing/plans";
import type { Locale } from "../app/i18n/config";
import { formatMoney } from "../app/lib/money";

// Decision 0050: the landing page's walk-through video, step by step: the page each step shows (on the
// demo store, as a phone sees it) and its caption in every language. The prices come from
// billing/plans.ts, so a changed price changes the captions at the next `npm run video:walkthrough`.

export type Step = {
  /** A path on the running server. */
  path: string;
  /** Signed in as the demo store's owner. */
  owner?: boolean;
  /** Scrolls this element to the top before the picture. */
  scrollTo?: string;
  caption: Record<Locale, string>;
};

const price = (cents: number | null, locale: Locale) => formatMoney(cents ?? 0, locale);

export const STEPS: Step[] = [
  {
    path: "/",
    caption: {
      mk: "Член 15-а: ценовникот на вашата продавница мора да биде онлајн и ажурен секој ден до 10:00.",
      en: "Article 15-a: your shop's price list must be online and current every day by 10:00.",
      sq: "Neni 15-a: lista e çmimeve të dyqanit tuaj duhet të jetë në internet dhe e përditësuar çdo ditë deri në 10:00.",
    },
  },
  {
    path: "/auth/register",
    caption: {
      mk: "Регистрирајте се со е-пошта. За 3–4 минути продавницата е онлајн.",
      en: "Sign up with your e-mail. In 3–4 minutes the shop is online.",
      sq: "Regjistrohuni me e-mail. Për 3–4 minuta dyqani është në internet.",
    },
  },
  {
    path: "/dashboard/products/import",
    owner: true,
    caption: {
      mk: "Увезете ја Excel или CSV датотеката од вашата каса, и на кирилица.",
      en: "Import the Excel or CSV file from your POS program, Cyrillic included.",
      sq: "Importoni skedarin Excel ose CSV nga programi i arkës, edhe me cirilicë.",
    },
  },
  {
    path: "/dashboard/products",
    owner: true,
    caption: {
      mk: "Или додавајте и менувајте производи од телефон.",
      en: "Or add and change products from your phone.",
      sq: "Ose shtoni dhe ndryshoni produkte nga telefoni.",
    },
  },
  {
    path: "/dashboard/activity",
    owner: true,
    caption: {
      mk: "Секое утро: дали денешните цени се точни? Еден допир; секоја потврда и промена се запишува.",
      en: "Every morning: are today's prices correct? One tap; every confirmation and change is recorded.",
      sq: "Çdo mëngjes: a janë të sakta çmimet e sotme? Një prekje; çdo konfirmim dhe ndryshim regjistrohet.",
    },
  },
  {
    path: "/demo",
    caption: {
      mk: "Јавната страница покажува кога цените се потврдени, со ДДВ и единечни цени.",
      en: "The public page shows when prices were confirmed, with VAT and unit prices.",
      sq: "Faqja publike tregon kur u konfirmuan çmimet, me TVSH dhe çmime për njësi.",
    },
  },
  {
    path: "/demo?discounted=1",
    caption: {
      mk: "Промоциите ги имаат видот, датумите, попустот и најниската цена од претходните 30 дена.",
      en: "Promotions show their type, dates, discount and the lowest price of the 30 days before.",
      sq: "Promocionet tregojnë llojin, datat, zbritjen dhe çmimin më të ulët të 30 ditëve më parë.",
    },
  },
  {
    path: "/demo/prices",
    caption: {
      mk: "PDF, CSV и JSON датотеки и архива, за инспекторите и за споредување цени.",
      en: "PDF, CSV and JSON files and an archive, for inspectors and price comparison.",
      sq: "Skedarë PDF, CSV dhe JSON dhe arkiv, për inspektorët dhe krahasimin e çmimeve.",
    },
  },
  {
    path: "/",
    scrollTo: "#pricing",
    caption: {
      mk: `Првиот месец бесплатно, потоа ${price(PLANS.monthly.priceCents, "mk")} месечно или ${price(PLANS.yearly.priceCents, "mk")} годишно.`,
      en: `The first month is free, then ${price(PLANS.monthly.priceCents, "en")} a month or ${price(PLANS.yearly.priceCents, "en")} a year.`,
      sq: `Muaji i parë falas, pastaj ${price(PLANS.monthly.priceCents, "sq")} në muaj ose ${price(PLANS.yearly.priceCents, "sq")} në vit.`,
    },
  },
];
