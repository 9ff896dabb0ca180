// The first sheet of an .xlsx with any value in it, as header + rows, read from the bytes the ZIP
// guard inflated (xlsx-guard.server.ts, decision 0118): those parts are written into a new ZIP whose
// entries are stored, not compressed, with their sizes up front, and exceljs reads that one as a
// stream. It inflates nothing, and it stops at the first row past the import's limit instead of
// building the whole workbook. Runs in the parsing worker (xlsx-read.worker.ts).

import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import ExcelJS from "exceljs";
import { AppError } from "~/lib/app-error";
import type { CellValue } from "./values";
import { openXlsx } from "./xlsx-guard.server";

export type XlsxSheet = { headers: string[]; rows: CellValue[][] };

/** The sheet's header and data rows; refused as soon as a value sits past row `maxRows + 1`. */
export async function readXlsxSheet(bytes: Uint8Array, maxRows: number): Promise<XlsxSheet> {
  const parts = openXlsx(bytes);
  // The workbook, its relations, styles (dates) and shared strings before any sheet: exceljs reads
  // a sheet that comes earlier into a temp file first.
  const sheetNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
  const names = [...parts.keys()].sort((a, b) => {
    const sheetA = a.startsWith("xl/worksheets/");
    const sheetB = b.startsWith("xl/worksheets/");
    if (sheetA !== sheetB) return sheetA ? 1 : -1;
    return sheetA ? sheetNumber(a) - sheetNumber(b) : 0;
  });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from(storedZip(names.map((name) => [name, parts.get(name)!])), { objectMode: false }),
    { worksheets: "emit", sharedStrings: "cache", styles: "cache", hyperlinks: "ignore", entries: "ignore" },
  );
  const records: CellValue[][] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        if (!row.hasValues) continue;
        // Rows are counted as they stream: the first one past the limit ends the reading.
        if (row.number > maxRows + 1) throw new AppError("importTooManyRows", { params: { max: maxRows } });
        const cells: CellValue[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellValue(cell.value);
        });
        records[row.number - 1] = Array.from(cells, (cell) => cell ?? null);
      }
      if (records.length > 0) break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("importUnreadable", { cause: error });
  }
  if (records.length === 0) throw new AppError("importEmpty");
  const [header = [], ...rows] = Array.from(records, (row) => row ?? []);
  return { headers: header.map((cell) => (cell === null ? "" : String(cell).trim())), rows };
}

/** An Excel cell as the import reads it: numbers as numbers, formulas as their cached result. */
export function cellValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  // A formula's cached error (#N/A, #DIV/0!) streams in as NaN.
  if (typeof value === "number") return Number.isNaN(value) ? null : value;
  if (typeof value === "string") return value.trim() === "" ? null : value;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("formula" in value || "sharedFormula" in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined || (typeof result === "object" && result !== null && "error" in result)
      ? null
      : cellValue(result);
  }
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("text" in value) return String(value.text);
  return null;
}

/**
 * A ZIP of `files`, each stored (method 0) with its CRC and sizes in its local header and no data
 * descriptor, so a reader that walks local headers and one that follows the central directory see
 * the same entries. Yields the file in slices of the parts, which are not copied.
 */
const SLICE = 64 * 1024;

export function* storedZip(files: [string, Uint8Array][]): Generator<Uint8Array> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const [fileName, data] of files) {
    const name = Buffer.from(fileName, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0800, 8);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(data.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    yield local;
    yield name;
    // In slices: exceljs turns each piece it is given into XML events at once, so one 40 MB piece
    // would become millions of events in memory together.
    for (let at = 0; at < data.length; at += SLICE) {
      yield Buffer.from(data.buffer, data.byteOffset + at, Math.min(SLICE, data.length - at));
    }
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
