import type { ProductFormValues } from "~/features/catalog/components/product-form";
import type { ComplianceIssue } from "~/features/compliance/compliance-rules";

// The product form's marks (decision 0127): the field each issue of the compliance check asks
// for, with the check's own words for what is missing.

const FIELD_OF: Record<ComplianceIssue, keyof ProductFormValues> = {
  unitPrice: "netQuantity",
  vatRate: "vatRate",
  description: "description",
  albanianName: "nameSq",
  promotionDates: "regularPrice",
  reportedPrice: "price",
};

/** Field → i18n key of what it lacks, for the issues the product has. */
export function productFieldsNeedingAttention(
  issues: readonly ComplianceIssue[],
): Partial<Record<keyof ProductFormValues, string>> {
  return Object.fromEntries(issues.map((issue) => [FIELD_OF[issue], `compliance:check.issues.${issue}`]));
}
