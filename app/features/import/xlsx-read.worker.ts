import { parentPort, workerData } from "node:worker_threads";
import { isAppError } from "~/lib/app-error";
import { readXlsxSheet } from "./xlsx-sheet.server";

// The thread that reads one uploaded .xlsx (xlsx-read.server.ts, decision 0118): it gets the file's
// bytes and the row limit, answers once with the sheet or with the error code, and ends.

export type XlsxReadInput = { bytes: Uint8Array; maxRows: number };
export type XlsxReadAnswer =
  | { sheet: { headers: string[]; rows: (string | number | null)[][] } }
  | { code: string; params?: Record<string, number | string>; detail?: string };

const { bytes, maxRows } = workerData as XlsxReadInput;
readXlsxSheet(bytes, maxRows).then(
  (sheet) => parentPort?.postMessage({ sheet } satisfies XlsxReadAnswer),
  (error: unknown) =>
    parentPort?.postMessage(
      (isAppError(error)
        ? { code: error.code, params: error.params, detail: String(error.cause ?? "") }
        : { code: "importUnreadable", detail: String(error) }) satisfies XlsxReadAnswer,
    ),
);
