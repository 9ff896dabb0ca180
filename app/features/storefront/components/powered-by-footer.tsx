import { useT } from "~/i18n/use-t";

/** The line under a store's public list naming the platform, on the store's page and each point of sale's. */
export function PoweredByFooter({ platformUrl }: { platformUrl: string }) {
  const { t } = useT("store");
  return (
    <footer className="py-6 text-center text-gray-600 text-xs">
      {t("poweredBy")}{" "}
      {/* Absolute: on a store's subdomain or own domain a link to "/" would stay on the store's host. */}
      <a href={platformUrl} className="text-brand-800 underline">
        {t("common:appName")}
      </a>
    </footer>
  );
}
