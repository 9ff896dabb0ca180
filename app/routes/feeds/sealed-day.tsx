import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { getPublicDb } from "~/db/db.server";
import { storeAddress } from "~/features/domains/domain-directory.server";
import { findPointOfSaleBySlug } from "~/features/points-of-sale/point-of-sale.server";
import { SealedDayList } from "~/features/seals/components/sealed-day-list";
import { sealedDayPath } from "~/features/seals/day-page";
import { getSealedDay } from "~/features/seals/seal.server";
import { getPublicStore } from "~/features/stores/public-store.server";
import { parseLocale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { isValidDay } from "~/lib/calendar";
import { getConfig } from "~/lib/config.server";
import { formatDateTime, formatDay } from "~/lib/dates";
import { publicPageMeta } from "~/lib/page-title";
import { loadAsDocument, STATIC_PAGE } from "~/shell/static-page";
import type { Route } from "./+types/sealed-day";

// Decision 0140: an inspector's view of a past day, read from the sealed bytes, with the day's
// confirmation and the links to its seal and to /verify. A published document: HTML without React
// in the browser, like the store page (decision 0128).
export const handle = STATIC_PAGE;

/** A client navigation to it loads it as a document. */
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = publicPageMeta;

/**
 * A sealed day's page never changes: its list is the bytes the seal covers, and a past day gets no new
 * confirmation. A day's freshness lets an inspector's browser (and a cache in front) keep it; the
 * store's name and whether the public may see the store (decision 0022) are all that could still
 * change, and show within that day. The language comes from the `lang` cookie, so the answer varies
 * by Cookie: after the language switcher's form post, the browser asks again instead of showing the
 * copy it holds in the other language.
 */
export const SEALED_DAY_CACHE_CONTROL = "public, max-age=86400";

/** /{username}[/{pointOfSale}]/prices/day/{YYYY-MM-DD}: what the sealed list of that day said. */
export async function loader({ request, params }: Route.LoaderArgs) {
  // A day with no seal yet gets one at its 23:55 (or from the catch-up), so its 404 must not be kept:
  // it names no freshness (a thrown answer's headers reach only the root's error page, which sends
  // none), and a front cache keeps it one second (decision 0135).
  const notFound = () => data(null, { status: 404 });
  if (!isValidDay(params.day)) throw notFound();
  const db = getPublicDb();
  // Decision 0022: a store the public may not see answers like one that does not exist.
  const store = await getPublicStore(db, params.username);
  if (!store) throw notFound();
  // A closed point of sale's archive stays at its address (decision 0085).
  const point = params.pointOfSale
    ? await findPointOfSaleBySlug(db, store.id, params.pointOfSale, { closed: true })
    : null;
  if (params.pointOfSale && !point) throw notFound();
  // Only a sealed day: its list is the very bytes the seal covers, never rebuilt.
  const sealed = await getSealedDay(db, store.id, point?.id ?? null, params.day);
  if (!sealed) throw notFound();
  const locale = requestLocale(request);
  const t = getFixedT(locale);
  const files = `/${store.username}${point ? `/${point.slug}` : ""}/prices/${params.day}`;
  const name = point ? `${store.name} — ${point.name}` : store.name;
  return data(
    {
      title: t("pricelist:day.title", { name, date: formatDay(params.day, locale) }),
      description: t("pricelist:day.intro"),
      // The store's address (its subdomain or path), then the page's path after the username.
      canonical: `${storeAddress(store.username, getConfig().baseUrl)}${sealedDayPath(store.username, point?.slug ?? null, params.day).slice(store.username.length + 1)}`,
      store: { username: store.username, name: store.name },
      pointOfSale: point ? { slug: point.slug, name: point.name } : null,
      day: params.day,
      files,
      seal: {
        confirmedAt: sealed.seal.confirmedAt,
        sealedAt: sealed.seal.sealedAt ?? null,
        kid: sealed.seal.kid,
      },
      products: sealed.list.products,
    },
    { headers: { "Cache-Control": SEALED_DAY_CACHE_CONTROL, Vary: "Cookie" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function SealedDayPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricelist");
  const locale = parseLocale(i18n.language);
  const { store, day, files, seal } = loaderData;
  const link = "font-medium text-brand-800 underline";
  return (
    <div className="min-h-dvh bg-gray-50">
      <main className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="font-bold text-2xl text-gray-900">{loaderData.title}</h1>
          <LanguageSwitcher />
        </div>
        <p className="text-gray-800">{t("day.intro")}</p>
        <dl className="grid gap-x-4 gap-y-1 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-gray-900">{t("verify.day")}</dt>
          <dd className="tabular-nums">{formatDay(day, locale)}</dd>
          <dt className="font-medium text-gray-900">{t("verify.confirmedAt")}</dt>
          <dd>{seal.confirmedAt ? formatDateTime(seal.confirmedAt, locale) : t("verify.notConfirmed")}</dd>
          {seal.sealedAt ? (
            <>
              <dt className="font-medium text-gray-900">{t("verify.sealedAt")}</dt>
              <dd>{formatDateTime(seal.sealedAt, locale)}</dd>
            </>
          ) : null}
          <dt className="font-medium text-gray-900">{t("day.seal")}</dt>
          <dd>
            <a href={`${files}.seal.json`} className={`${link} break-all`}>
              {files}.seal.json
            </a>{" "}
            <span className="text-gray-700 text-sm">
              ({t("verify.key")} <code className="break-all">{seal.kid}</code>)
            </span>
          </dd>
          <dt className="font-medium text-gray-900">{t("day.files")}</dt>
          <dd>
            <a href={`${files}.csv`} className={link}>
              CSV
            </a>{" "}
            ·{" "}
            <a href={`${files}.json`} className={link}>
              JSON
            </a>
          </dd>
        </dl>
        <p className="text-gray-800">
          {t("day.check")}{" "}
          <a href="/verify" className={link}>
            {t("files.verifyLink")}
          </a>
          .
        </p>
        <SealedDayList products={loaderData.products} locale={locale} />
        <a href={`/${store.username}/prices`} className={link}>
          {t("day.back")}
        </a>
      </main>
    </div>
  );
}
