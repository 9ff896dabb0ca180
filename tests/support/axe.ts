import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// Decision 0029: an axe-core scan where a serious or critical violation fails the test. Every rule
// axe runs by default (WCAG 2.0/2.1 A and AA and best practices); minor and moderate findings are
// left to review.
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/** Scans the page as it is now and fails, listing each serious or critical violation and its nodes. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
      count: violation.nodes.length,
    }));
  expect(serious, `serious or critical axe violations on ${where}`).toEqual([]);
}
