import { useTranslation } from "react-i18next";

/** The parts of an entry's details an admin reads: store, reason, days, path; never raw JSON. */
export function AuditDetails({
  details,
  method,
}: {
  details: Record<string, unknown> | null;
  method: string | null;
}) {
  const { t } = useTranslation("admin");
  const text = (key: string) =>
    typeof details?.[key] === "string" || typeof details?.[key] === "number" ? String(details[key]) : null;
  const parts = [
    text("reference"),
    text("username") ? `/${text("username")}` : null,
    text("days") ? `+${text("days")} ${t("stores.extend.days").toLowerCase()}` : null,
    text("reason") ? `${t("reason")}: ${text("reason")}` : null,
    text("path") ? `${method ?? ""} ${text("path")}`.trim() : method,
  ].filter(Boolean);
  return <span className="wrap-anywhere text-gray-700">{parts.join(" · ") || "—"}</span>;
}
