import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "~/components/language-switcher";
import { JSON_PRODUCT_KEYS } from "~/features/feeds/json-keys";
import type { PricesPageData } from "~/features/feeds/prices-page.server";
import {
  ClosedPointOfSaleFiles,
  PointOfSaleFiles,
} from "~/features/points-of-sale/components/point-of-sale-files";
import { sealedDayPath } from "~/features/seals/day-page";

/** /{username}/prices, as its route and its published document (decision 0147) both render it. */
export function PricesPageView({ data: loaderData }: { data: PricesPageData }) {
  const { t } = useTranslation("pricelist");
  const { store, days, sealed } = loaderData;
  const base = `/${store.username}`;
  const link = "font-medium text-brand-800 underline";
  return (
    <div className="min-h-dvh bg-gray-50">
      <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="font-bold text-2xl text-gray-900">{t("files.title", { name: store.name })}</h1>
          <LanguageSwitcher />
        </div>
        <p className="text-gray-800">{t("files.intro")}</p>
        <ul className="flex flex-col gap-2 text-gray-800">
          <li>
            <a href={`${base}/prices.csv`} className={link}>
              {base}/prices.csv
            </a>{" "}
            — {t("files.csv")} {t("files.csvLanguages")}{" "}
            <a href={`${base}/prices.csv?lang=sq`} className={link} hrefLang="sq">
              {t("files.csvSq")}
            </a>{" "}
            (<code className="whitespace-nowrap">?lang=sq</code>),{" "}
            <a href={`${base}/prices.csv?lang=en`} className={link} hrefLang="en">
              {t("files.csvEn")}
            </a>{" "}
            (<code className="whitespace-nowrap">?lang=en</code>).
          </li>
          <li>
            <a href={`${base}/prices.xlsx`} className={link}>
              {base}/prices.xlsx
            </a>{" "}
            — {t("files.xlsx")} {t("files.xlsxLanguages")}{" "}
            <a href={`${base}/prices.xlsx?lang=sq`} className={link} hrefLang="sq">
              {t("files.csvSq")}
            </a>
            ,{" "}
            <a href={`${base}/prices.xlsx?lang=en`} className={link} hrefLang="en">
              {t("files.csvEn")}
            </a>
            .
          </li>
          <li>
            <a href={`${base}/prices.json`} className={link}>
              {base}/prices.json
            </a>{" "}
            — {t("files.json")} {t("files.jsonKeys")}{" "}
            <code className="break-words rounded bg-gray-100 px-1">{JSON_PRODUCT_KEYS.join(", ")}</code>.
          </li>
          <li>
            <a href={`${base}/price-list.pdf`} className={link}>
              {base}/price-list.pdf
            </a>{" "}
            — {t("files.pdf")}
          </li>
        </ul>
        <p className="text-gray-800">{t("files.fields")}</p>
        <p className="text-gray-800">{t("files.albanian")}</p>
        <h2 className="font-semibold text-lg">{t("files.archiveTitle")}</h2>
        <p className="text-gray-800">
          {t("files.archive")} <code className="rounded bg-gray-100 px-1">{base}/prices/YYYY-MM-DD.csv</code>,{" "}
          <code className="rounded bg-gray-100 px-1">{base}/prices/YYYY-MM-DD.json</code>
        </p>
        <p className="text-gray-800">
          {t("files.sealed")}{" "}
          <a href="/verify" className={link}>
            {t("files.verifyLink")}
          </a>
          .
        </p>
        {days.length === 0 ? (
          <p className="text-gray-700">{t("files.noArchive")}</p>
        ) : (
          <section aria-label={t("files.archiveDays")}>
            <h3 className="font-medium">{t("files.archiveDays")}</h3>
            <ul className="mt-2 grid gap-1 sm:grid-cols-2">
              {days.map((day) => (
                <li key={day} className="tabular-nums">
                  {day}:{" "}
                  <a href={`${base}/prices/${day}.csv`} className={link}>
                    CSV
                  </a>{" "}
                  ·{" "}
                  <a href={`${base}/prices/${day}.json`} className={link}>
                    JSON
                  </a>
                  {sealed.store.includes(day) ? (
                    <>
                      {" "}
                      ·{" "}
                      <a href={`${base}/prices/${day}.seal.json`} className={link}>
                        {t("files.seal")}
                      </a>{" "}
                      ·{" "}
                      <a href={sealedDayPath(store.username, null, day)} className={link}>
                        {t("day.view")}
                      </a>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        )}
        <PointOfSaleFiles username={store.username} points={loaderData.pointsOfSale} sealed={sealed.points} />
        <ClosedPointOfSaleFiles
          username={store.username}
          points={loaderData.closedPointsOfSale}
          sealed={sealed.points}
        />
        <a href={base} className={link}>
          {t("files.back")}
        </a>
      </main>
    </div>
  );
}
