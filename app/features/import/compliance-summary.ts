// The import preview's compliance summary (decision 0126), isomorphic: the server counts it
// (preview-compliance.server.ts), the preview shows it.

import type { ComplianceIssue } from "~/features/compliance/compliance-rules";

/** What the law requires of every product, and what the check recommends (PRODUCT.md "Complete at a real size"). */
export const REQUIRED_ISSUES: readonly ComplianceIssue[] = [
  "unitPrice",
  "description",
  "promotionDates",
  "reportedPrice",
];

export type ComplianceSummary = { issue: ComplianceIssue; count: number; required: boolean }[];
