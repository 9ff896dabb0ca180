import { useTranslation } from "react-i18next";

/** A size in the owner's language: "850 KB", "4,2 MB", "500 MB". */
export function formatBytes(bytes: number, locale: string): string {
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(locale === "en" ? "en" : `${locale}-MK`, { maximumFractionDigits: digits }).format(
      value,
    );
  const megabytes = bytes / (1024 * 1024);
  if (megabytes < 1) return `${format(Math.max(bytes / 1024, bytes > 0 ? 1 : 0), 0)} KB`;
  return `${format(megabytes, megabytes < 10 ? 1 : 0)} MB`;
}

/** The store's images' storage against its limit (decision 0059). */
export function StorageMeter({ used, limit }: { used: number; limit: number }) {
  const { t, i18n } = useTranslation("myImages");
  const label = t("storage", {
    used: formatBytes(used, i18n.language),
    limit: formatBytes(limit, i18n.language),
  });
  return (
    <div className="mt-3">
      <p className="text-gray-700 text-sm" id="storage-label">
        {label}
      </p>
      <meter
        aria-labelledby="storage-label"
        min={0}
        max={limit}
        low={limit * 0.75}
        high={limit * 0.9}
        optimum={0}
        value={Math.min(used, limit)}
        className="mt-1 h-2 w-full max-w-md"
      />
    </div>
  );
}
