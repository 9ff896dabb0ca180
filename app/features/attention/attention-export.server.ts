import type { ComplianceIssue } from "~/features/compliance/compliance-rules";
import type { ImportField } from "~/features/import/columns";

// The needs-attention .xlsx (decision 0127): the export's columns, those the check names first, so
// the owner fills them in Excel and the product import reads the file back by its headers.

const LEADING: Partial<Record<ComplianceIssue, ImportField>> = {
  description: "description",
  unitPrice: "netQuantity",
  albanianName: "nameSq",
  vatRate: "vatRate",
};

/** `fields` with the columns of the present issues first, in the check's order; nothing added or lost. */
export function attentionExportFields(
  fields: readonly ImportField[],
  issues: readonly ComplianceIssue[],
): ImportField[] {
  const first = issues
    .map((issue) => LEADING[issue])
    .filter((field): field is ImportField => !!field && fields.includes(field));
  return [...first, ...fields.filter((field) => !first.includes(field))];
}

/** An Excel sheet name: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetNameOf(text: string): string {
  return (
    text
      .replace(/[:\\/?*[\]]/g, " ")
      .slice(0, 31)
      .trim() || "Sheet1"
  );
}
