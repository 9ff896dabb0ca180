import { useTranslation } from "react-i18next";
import type { VerifyOutcome } from "~/features/seals/verify-upload.server";
import type { Locale } from "~/i18n/config";
import { formatDateTime, formatDay } from "~/lib/dates";

/** What /verify found for an uploaded day file: the store, the day, and whether bytes, signature and chain hold. */
export function VerifyResult({
  result,
  locale,
}: {
  result: Extract<VerifyOutcome, { ok: true }>["result"];
  locale: Locale;
}) {
  const { t } = useTranslation("pricelist");
  const good = "text-green-800";
  const bad = "text-red-800 font-semibold";
  const rows: [string, React.ReactNode][] = [
    [
      t("verify.store"),
      <>
        {result.storeName ? `${result.storeName} ` : ""}
        <span className="text-gray-700">({result.store})</span>
      </>,
    ],
    [t("verify.pointOfSale"), result.pointOfSale ?? t("verify.wholeStore")],
    [t("verify.day"), formatDay(result.day, locale)],
    [
      t("verify.confirmedAt"),
      result.confirmedAt ? formatDateTime(result.confirmedAt, locale) : t("verify.notConfirmed"),
    ],
    ...(result.sealedAt
      ? ([[t("verify.sealedAt"), formatDateTime(result.sealedAt, locale)]] as [string, React.ReactNode][])
      : []),
    [
      t("verify.bytes"),
      <span key="bytes" className={result.file ? good : bad}>
        {result.file
          ? t("verify.bytesMatch", { format: result.file.toUpperCase() })
          : t("verify.bytesDiffer")}
      </span>,
    ],
    [
      t("verify.signature"),
      <span key="signature" className={result.signature === "valid" ? good : bad}>
        {t(`verify.signatures.${result.signature}`)}
      </span>,
    ],
    [
      t("verify.chain"),
      <span key="chain" className={result.chain === "broken" ? bad : result.chain === "unknown" ? "" : good}>
        {t(`verify.chains.${result.chain}`)}
      </span>,
    ],
  ];
  return (
    <section
      aria-labelledby="verify-result"
      className={`flex flex-col gap-3 rounded-xl border-2 p-4 ${result.verified ? "border-green-600 bg-green-50" : "border-red-600 bg-red-50"}`}
    >
      <h2
        id="verify-result"
        className={`font-bold text-xl ${result.verified ? "text-green-900" : "text-red-900"}`}
      >
        {result.verified ? t("verify.verified") : t("verify.notVerified")}
      </h2>
      <p className="text-gray-800 text-sm">
        {result.sealSource === "stored" ? t("verify.sealFound") : t("verify.sealUploaded")}
      </p>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-col sm:contents">
            <dt className="font-medium text-gray-700 text-sm sm:text-base">{term}</dt>
            <dd className="min-w-0 break-words text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      {result.alsoSealed.length > 0 ? (
        <div className="text-gray-800 text-sm">
          <p>{t("verify.alsoSealed")}</p>
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 tabular-nums">
            {result.alsoSealed.map((other) => (
              <li key={`${other.store}/${other.pointOfSale ?? ""}/${other.day}`} className="break-all">
                {formatDay(other.day, locale)}
                {other.store !== result.store || other.pointOfSale !== result.pointOfSale
                  ? ` (${[other.store, other.pointOfSale].filter(Boolean).join(" / ")})`
                  : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="break-all font-mono text-gray-700 text-xs">
        SHA-256: {result.sha256}
        <br />
        {t("verify.key")}: {result.kid}
      </p>
    </section>
  );
}
