import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ComplianceIssue } from "../compliance-rules";

/** Under a product's name in the products list: what the law needs and the product lacks. */
export function ComplianceBadge({ issues }: { issues?: readonly ComplianceIssue[] }) {
  const { t } = useTranslation("compliance");
  if (!issues || issues.length === 0) return null;
  return (
    <span className="mt-1 flex items-start gap-1 text-amber-900 text-xs" data-compliance-badge>
      <AlertTriangle aria-hidden className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
      {/* The icon says "needs attention" to the eye; the words say it to a screen reader. */}
      <span>
        <span className="sr-only">{t("check.badge")}: </span>
        {issues.map((issue) => t(`check.issues.${issue}`)).join("; ")}
      </span>
    </span>
  );
}
