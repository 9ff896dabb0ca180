import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { overlappingBomb, productXlsx } from "./fixtures.test-support";
import { IMPORT_MAX_ROWS, readImportFile } from "./read-file.server";
import { readXlsxInWorker } from "./xlsx-read.server";

// Memory is measured for the whole process (its parsing thread included), so this file keeps to
// itself: the first test runs before anything else has raised the process's peak.

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("the file was read");
}

/** How far the process's resident memory rose above where it was, at its highest, during `run`. */
async function peakGrowth(run: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  // The kernel's record of the process's peak catches a rise between two samples, once it passes
  // the peak the process had reached before.
  const peakAfter = process.resourceUsage().maxRSS * 1024;
  return Math.max(peak, peakAfter > peakBefore ? peakAfter : 0) - before;
}

describe("an .xlsx that hides a deflate bomb", () => {
  it("is refused, the 1 GB it would inflate to never allocated", async () => {
    const bomb = overlappingBomb(1000);
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    let code = "";
    const growth = await peakGrowth(async () => {
      code = await refusal(readImportFile(bomb, "products.xlsx"));
    });
    expect(code).toBe("importUnreadable");
    // Starting the parsing thread costs some tens of MB; inflating the bomb would cost a gigabyte.
    expect(growth).toBeLessThan(200 * 1024 * 1024);
  });

  it("a reading stopped by its memory or time limit is refused with its own message, and the next one reads", async () => {
    const file = await productXlsx(2000);
    expect(
      await refusal(
        readXlsxInWorker(file, IMPORT_MAX_ROWS, { resourceLimits: { maxOldGenerationSizeMb: 4 } }),
      ),
    ).toBe("importTooComplex");
    expect(await refusal(readXlsxInWorker(file, IMPORT_MAX_ROWS, { timeLimitMs: 1 }))).toBe(
      "importTooComplex",
    );
    const sheet = await readImportFile(file, "products.xlsx");
    expect(sheet.rows).toHaveLength(2000);
  });
});
