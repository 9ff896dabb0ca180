// What the compliance check will still say of the file's products after the import (decision 0126):
// the import is written inside a transaction that is then rolled back, and the check's own rules
// (compliance.server.ts) read the result, so the preview's summary and the check cannot disagree.

import { listComplianceIssues } from "~/features/compliance/compliance.server";
import type { ComplianceIssue } from "~/features/compliance/compliance-rules";
import type { StoreContext } from "~/lib/service-context";
import { commitImport } from "./commit.server";
import { type ComplianceSummary, REQUIRED_ISSUES } from "./compliance-summary";
import type { ImportRow } from "./rows";

/**
 * Above this many rows the preview leaves the summary out: writing a larger file twice (once to
 * look, once for real) would make the owner wait at the preview as long as at the commit.
 */
export const PREVIEW_COMPLIANCE_MAX = 5000;

class RolledBack extends Error {}

/**
 * How many of the file's products will still lack each thing the check asks for, most first; null
 * when the file is too large to look at first. `unchangedIds` are the store's products the file
 * matches without changing them: they are the file's products too.
 */
export async function complianceAfterImport(
  ctx: StoreContext,
  rows: ImportRow[],
  unchangedIds: string[],
): Promise<ComplianceSummary | null> {
  if (rows.length > PREVIEW_COMPLIANCE_MAX) return null;
  let issues: Record<string, ComplianceIssue[]> = {};
  try {
    await ctx.db.transaction(async (tx) => {
      const scoped = { ...ctx, db: tx };
      const result = await commitImport(scoped, rows);
      issues = await listComplianceIssues(scoped, [...result.productIds, ...unchangedIds]);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  const counts = new Map<ComplianceIssue, number>();
  for (const list of Object.values(issues))
    for (const issue of list) counts.set(issue, (counts.get(issue) ?? 0) + 1);
  return [...counts.entries()]
    .map(([issue, count]) => ({ issue, count, required: REQUIRED_ISSUES.includes(issue) }))
    .sort((a, b) => Number(b.required) - Number(a.required) || b.count - a.count);
}
