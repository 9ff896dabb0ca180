import { useTranslation } from "react-i18next";

export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2 font-semibold text-gray-900 text-lg">
      <span
        aria-hidden
        className="grid size-8 place-items-center rounded-lg bg-brand-600 font-bold text-white"
      >
        V
      </span>
      {t("appName")}
    </span>
  );
}
