import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";

/** The form's own error (not one field's), translated from its i18n key; nothing without one. */
export function FormAlert({
  message,
  values,
  className = "mt-4",
}: {
  message?: string;
  /** Values the message names, e.g. the minutes to wait. */
  values?: Record<string, number | string>;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p role="alert" className={cn(className, "rounded-md bg-red-50 p-3 text-red-700 text-sm")}>
      {t(message, values)}
    </p>
  );
}
