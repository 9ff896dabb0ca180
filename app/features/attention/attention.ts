import type { NetUnit } from "~/db/schema/catalog-enums";
import type { ComplianceIssue } from "~/features/compliance/compliance-rules";

// The needs-attention grid's shapes, shared by its server code and its component (decision 0127).

/** The grid's editable cells, and the check's issue each answers. */
export const ATTENTION_CELLS = ["description", "netQuantity", "nameSq", "vatRate"] as const;
export type AttentionCell = (typeof ATTENTION_CELLS)[number];

/**
 * A real shop's size (300 products) on one page: its owner pastes one column from a spreadsheet and
 * saves once, as the page says. Larger shops page by this many.
 */
export const ATTENTION_PAGE_SIZE = 300;

export type AttentionSuggestion = {
  /** "350" and "g": what the name states, as the cells take it; `source` is the text read. */
  netQuantity?: { amount: string; unit: NetUnit; source: string };
  description?: string;
  nameSq?: string;
};

export type AttentionRow = {
  id: string;
  name: string;
  /** The check's issues of this product, in the check's order. */
  issues: ComplianceIssue[];
  /** The cells to fill (the issues that have one). */
  cells: AttentionCell[];
  values: { description: string; netQuantity: string; netUnit: string; nameSq: string; vatRate: string };
  suggestion: AttentionSuggestion;
};

export type AttentionPage = { rows: AttentionRow[]; total: number; page: number; pages: number };
