// An .xlsx is a ZIP (issue 14 "Limits and safety"): before exceljs inflates it, count its entries
// and its uncompressed bytes, both as the ZIP declares them and as they actually inflate, so a ZIP
// bomb dressed as a spreadsheet costs at most XLSX_MAX_UNCOMPRESSED bytes of work and no memory.

import { Unzip, UnzipInflate, unzipSync } from "fflate";
import { AppError } from "~/lib/app-error";

/** 50,000 rows of a dozen columns come to about 40 MB of sheet XML; 200 MB leaves room. */
export const XLSX_MAX_UNCOMPRESSED = 200 * 1024 * 1024;
/** A workbook has a few dozen parts; thousands of entries are no spreadsheet. */
export const XLSX_MAX_ENTRIES = 1000;

class TooLarge extends Error {}

export function checkXlsxZip(bytes: Uint8Array): void {
  let entries = 0;
  let declared = 0;
  try {
    // The filter sees each entry's central-directory record and decompresses nothing.
    unzipSync(bytes, {
      filter(file) {
        entries++;
        declared += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    throw new AppError("importUnreadable", { cause: error });
  }
  if (entries > XLSX_MAX_ENTRIES || declared > XLSX_MAX_UNCOMPRESSED) throw new AppError("importZipTooLarge");

  // Declared sizes can lie: inflate as a stream, counting, and stop at the limit.
  let inflated = 0;
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error) throw error;
      inflated += chunk.length;
      if (inflated > XLSX_MAX_UNCOMPRESSED) throw new TooLarge();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length; offset += 65536) {
      unzip.push(bytes.subarray(offset, offset + 65536), offset + 65536 >= bytes.length);
    }
  } catch (error) {
    if (error instanceof TooLarge) throw new AppError("importZipTooLarge");
    throw new AppError("importUnreadable", { cause: error });
  }
}
