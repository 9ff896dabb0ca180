// Reads an uploaded product file into header + rows (the upload step): the type by its content (a
// renamed binary is refused, whatever its name says), CSV text in its detected or chosen encoding
// and delimiter, .xlsx in a worker thread from the parts its ZIP guard inflated (xlsx-read.server.ts,
// decision 0118), numbers of Excel cells as numbers and formulas as their cached values.

import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import { csvCellText } from "~/features/feeds/serialize";
import { AppError } from "~/lib/app-error";
import { DELIMITERS, type Delimiter, type Encoding, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "./file-options";
import type { CellValue } from "./values";
import { readXlsxInWorker } from "./xlsx-read.server";

/** The upload request's body limit (server/app.ts): the file plus its multipart envelope. */
export const IMPORT_UPLOAD_BODY_LIMIT = IMPORT_MAX_BYTES + 64 * 1024;
export {
  DELIMITERS,
  type Delimiter,
  ENCODINGS,
  type Encoding,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
} from "./file-options";
export type FileFormat = "csv" | "xlsx";

export type ReadOptions = { encoding?: Encoding | null; delimiter?: Delimiter | null };
export type ImportSheet = {
  format: FileFormat;
  encoding: Encoding | null;
  delimiter: Delimiter | null;
  headers: string[];
  /** Data rows; rows[i] is line i + 2 of the file (line 1 is the header). */
  rows: CellValue[][];
};

/** What the bytes are, whatever the name says; AppError("importFileType") for anything else. */
export function sniffFormat(bytes: Uint8Array, fileName: string): FileFormat {
  const named = /\.xlsx$/i.test(fileName) ? "xlsx" : /\.(csv|txt|tsv)$/i.test(fileName) ? "csv" : null;
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const isOle = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  if (isOle) throw new AppError("importXlsOld");
  if (isZip) {
    if (named !== "xlsx") throw new AppError("importFileType");
    return "xlsx";
  }
  if (named !== "csv" || looksBinary(bytes)) throw new AppError("importFileType");
  return "csv";
}

/** NUL bytes or many control characters: not a text file (images, PDFs, executables). */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  }
  return control > sample.length / 100;
}

/** UTF-8 (with or without BOM) when the bytes decode as it; else Windows-1251 for Cyrillic, 1250 for Latin. */
export function detectEncoding(bytes: Uint8Array): Encoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 1 << 20));
    return "utf-8";
  } catch {
    // A cut at 1 MiB may split a character; the rest decided the matter.
  }
  // Windows-1251 puts Cyrillic letters at 0xC0–0xFF; 1250 puts accented Latin letters (č, š, ë, ç)
  // there too but far fewer of them per word: count how many high bytes sit between two others.
  let high = 0;
  let runs = 0;
  const sample = bytes.subarray(0, 65536);
  for (let i = 1; i < sample.length - 1; i++) {
    if (sample[i]! >= 0xc0) {
      high++;
      if (sample[i - 1]! >= 0xc0 && sample[i + 1]! >= 0xc0) runs++;
    }
  }
  return high > 0 && runs / high > 0.2 ? "windows-1251" : "windows-1250";
}

/** The delimiter that splits the first lines into the most equal, more-than-one columns. */
export function detectDelimiter(text: string): Delimiter {
  const lines = text.split(/\r?\n/, 11).filter((line) => line.trim() !== "");
  let best: Delimiter = ";";
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const consistent = counts.filter((count) => count === first).length;
    const score = consistent * 1000 + first;
    if (score > bestScore) {
      bestScore = score;
      best = delimiter;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count++;
  }
  return count;
}

export function decodeText(bytes: Uint8Array, encoding: Encoding): string {
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The file as header + rows; AppError codes name what is wrong with it. */
export async function readImportFile(
  bytes: Uint8Array,
  fileName: string,
  options: ReadOptions = {},
): Promise<ImportSheet> {
  const format = sniffFormat(bytes, fileName);
  const digest = createHash("sha256").update(bytes).digest("hex");
  const sheet = copyOf(
    format === "xlsx"
      ? await lastRead(`xlsx ${digest}`, () => readXlsx(bytes))
      : await readCsv(bytes, digest, options),
  );
  if (sheet.headers.every((header) => header === "")) throw new AppError("importEmpty");
  if (sheet.rows.length > IMPORT_MAX_ROWS) {
    throw new AppError("importTooManyRows", { params: { max: IMPORT_MAX_ROWS } });
  }
  return sheet;
}

/** Each caller gets arrays of its own: the next step of the same file gets the sheet as it was read. */
function copyOf(sheet: ImportSheet): ImportSheet {
  return { ...sheet, headers: [...sheet.headers], rows: sheet.rows.map((row) => [...row]) };
}

function readCsv(bytes: Uint8Array, digest: string, options: ReadOptions): Promise<ImportSheet> {
  const encoding = options.encoding ?? detectEncoding(bytes);
  const text = decodeText(bytes, encoding);
  const delimiter = options.delimiter ?? detectDelimiter(text);
  // The upload detects what the later steps name (the job keeps it): one key for all of them.
  return lastRead(`csv ${digest} ${encoding} ${delimiter}`, async () => parseCsv(text, encoding, delimiter));
}

function parseCsv(text: string, encoding: Encoding, delimiter: Delimiter): ImportSheet {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
    }) as string[][];
  } catch (error) {
    throw new AppError("importUnreadable", { cause: error });
  }
  const [header = [], ...rows] = records;
  return {
    format: "csv",
    encoding,
    delimiter,
    headers: header.map((cell) => cell.trim()),
    // A cell our export made formula-safe reads back without its apostrophe (csvCellText).
    rows: dropTrailingEmpty(
      rows.map((row) => row.map((cell) => (cell.trim() === "" ? null : csvCellText(cell)))),
    ),
  };
}

/** In a worker thread under memory and time limits, from bytes only the ZIP guard inflated (decision 0118). */
async function readXlsx(bytes: Uint8Array): Promise<ImportSheet> {
  const { headers, rows } = await readXlsxInWorker(bytes, IMPORT_MAX_ROWS);
  return { format: "xlsx", encoding: null, delimiter: null, headers, rows: dropTrailingEmpty(rows) };
}

/**
 * Decisions 0158 and 0159: the wizard reads the same file at the upload, the preview and the commit. An .xlsx
 * read starts a worker that loads the spreadsheet library (about a second of a 20,000-row file's
 * import), a CSV's parse is a sixth of a second of it (docs/performance.md). The last file's sheet
 * is kept for a few minutes, found again by the SHA-256 of its bytes (and a CSV's encoding and
 * delimiter, so another choice reads it afresh), and dropped when the read fails or times out.
 */
const KEPT_MS = 5 * 60_000;
type Kept = { key: string; sheet: Promise<ImportSheet>; timer?: NodeJS.Timeout };
let kept: Kept | null = null;

function lastRead(key: string, read: () => Promise<ImportSheet>): Promise<ImportSheet> {
  if (kept?.key === key) return kept.sheet;
  if (kept) forget(kept);
  const entry: Kept = { key, sheet: read() };
  entry.timer = setTimeout(() => forget(entry), KEPT_MS).unref();
  entry.sheet.catch(() => forget(entry));
  kept = entry;
  return entry.sheet;
}

function forget(entry: Kept): void {
  clearTimeout(entry.timer);
  if (kept === entry) kept = null;
}

function dropTrailingEmpty(rows: CellValue[][]): CellValue[][] {
  let end = rows.length;
  while (end > 0 && (rows[end - 1] ?? []).every((cell) => cell === null)) end--;
  return rows.slice(0, end);
}
