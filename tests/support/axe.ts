import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// Decision 0029: an axe-core scan where a serious or critical violation fails the test. Every rule
// axe runs by default (WCAG 2.0/2.1 A and AA and best practices); minor and moderate findings are
// left to review.
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/**
 * A page whose frames are all its own (most have none) is scanned with one axe.run in the page:
 * the default run opens a blank tab for every scan to merge the frames' partial results, which was
 * most of a scan's time. A page with a frame from another origin keeps that run, which reaches it.
 */
function scannerFor(page: Page): AxeBuilder {
  const origin = new URL(page.url()).origin;
  // A frame without an http address (about:blank, about:srcdoc, one still loading) is the page's own.
  const foreignFrame = page
    .frames()
    .some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  const scanner = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  return foreignFrame ? scanner : scanner.setLegacyMode(true);
}

/** Scans the page as it is now and fails, listing each serious or critical violation and its nodes. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const { violations } = await scannerFor(page).analyze();
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
