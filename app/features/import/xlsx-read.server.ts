import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { AppError, type ErrorCode } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import type { XlsxReadAnswer, XlsxReadInput } from "./xlsx-read.worker";
import type { XlsxSheet } from "./xlsx-sheet.server";

// An uploaded .xlsx is read in a thread of its own (decision 0118), like the price-list PDF
// (decision 0049): whatever the file makes the reader do, it does it under a heap limit and a time
// limit, off the event loop that serves every store. A thread the limits stop ends that read only
// ("importTooComplex"); the process goes on. One read at a time per process, the rest wait in
// order, so a burst of uploads cannot take every core or stack up their memory.

/** A 50,000-row sheet needs well under half of this heap (docs/security.md "Uploads"). */
export const XLSX_READ_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  stackSizeMb: 4,
};
/**
 * A 50,000-row sheet reads in seconds (half a minute on a crowded machine); two minutes means the
 * file is built to keep the reader busy.
 */
export const XLSX_READ_TIME_LIMIT_MS = 120_000;

// From the sources (dev server, tests): the TypeScript worker beside this file, through tsx. The
// server bundle points it at its built copy (server/app.ts).
let script = path.join(import.meta.dirname, "xlsx-read.worker.ts");

/** The built worker's file, when the server runs from a build (server/app.ts). */
export function switchXlsxReaderToBuiltScript(file: string): void {
  if (existsSync(file)) script = file;
}

let last: Promise<unknown> = Promise.resolve();

/** The first sheet with values of an .xlsx, read in a worker thread; AppError codes say what failed. */
export function readXlsxInWorker(
  bytes: Uint8Array,
  maxRows: number,
  limits: { resourceLimits?: ResourceLimits; timeLimitMs?: number } = {},
): Promise<XlsxSheet> {
  const read = last.then(() => readOnce({ bytes, maxRows }, limits));
  last = read.catch(() => undefined);
  return read;
}

function readOnce(
  input: XlsxReadInput,
  limits: { resourceLimits?: ResourceLimits; timeLimitMs?: number },
): Promise<XlsxSheet> {
  return new Promise((resolve, reject) => {
    const options = { workerData: input, resourceLimits: limits.resourceLimits ?? XLSX_READ_LIMITS };
    const worker = script.endsWith(".ts")
      ? new Worker(
          `import("tsx/esm/api").then((tsx) => tsx.tsImport(${JSON.stringify(pathToFileURL(script).href)}, __filename));`,
          { ...options, eval: true },
        )
      : new Worker(script, options);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const tooComplex = (why: string) =>
      settle(() => {
        logger.warn({ why, bytes: input.bytes.length }, "xlsx read stopped by its limits");
        reject(new AppError("importTooComplex", { cause: new Error(why) }));
      });
    const timer = setTimeout(
      () => tooComplex(`took longer than ${limits.timeLimitMs ?? XLSX_READ_TIME_LIMIT_MS} ms`),
      limits.timeLimitMs ?? XLSX_READ_TIME_LIMIT_MS,
    );
    worker.on("message", (answer: XlsxReadAnswer) =>
      settle(() => {
        if ("sheet" in answer) resolve(answer.sheet);
        else
          reject(
            new AppError(answer.code as ErrorCode, {
              params: answer.params,
              cause: new Error(answer.detail),
            }),
          );
      }),
    );
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") tooComplex(error.message);
      else settle(() => reject(new AppError("importUnreadable", { cause: error })));
    });
    worker.on("exit", (code) =>
      settle(() =>
        reject(new AppError("importUnreadable", { cause: new Error(`xlsx reader exited (${code})`) })),
      ),
    );
  });
}
