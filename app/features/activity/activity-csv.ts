// CSV for Excel users in North Macedonia: UTF-8 with a byte-order mark so Excel shows
// Cyrillic, and cells that a spreadsheet would run as a formula neutralised (OWASP CSV injection).

export const CSV_BOM = "\uFEFF";

/** A cell that starts with =, +, -, @, tab or CR gets a leading apostrophe; quotes are doubled. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
