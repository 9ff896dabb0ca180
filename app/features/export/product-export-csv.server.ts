import { csvCell } from "~/features/feeds/serialize";
import { EXPORT_FIELDS } from "~/features/import/columns";
import type { MoneyLocale } from "~/lib/money";
import { type ExportRow, exportCells, exportHeaders } from "./product-export.server";

// The CSV export: UTF-8 with a BOM (Excel shows Cyrillic), formula-safe cells (the feeds' csvCell:
// = + - @ tab CR get an apostrophe), CRLF lines. The delimiter follows the language's decimal
// mark, as Excel's list separator does: ";" with decimal commas (mk, sq), "," with points (en).

export function csvDelimiter(locale: MoneyLocale): string {
  return locale === "en" ? "," : ";";
}

function csvLine(cells: (string | number | null)[], delimiter: string): string {
  return `${cells.map(csvCell).join(delimiter)}\r\n`;
}

/** The CSV as a stream: one page of products encoded at a time, pulled by the reader. */
export function productCsvStream(
  pages: AsyncIterator<ExportRow[]>,
  locale: MoneyLocale,
  fields = EXPORT_FIELDS,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const delimiter = csvDelimiter(locale);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(exportHeaders(locale, fields), delimiter)}`));
        return;
      }
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      let text = "";
      for (const row of next.value) text += csvLine(exportCells(row, locale, false, fields), delimiter);
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pages.return?.(undefined);
    },
  });
}
