// Import fixtures made by the tests themselves: real encodings, real .xlsx files.

import { constants, crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { deflateSync, strToU8, zipSync } from "fflate";
import iconv from "iconv-lite";

/** A CSV as a Macedonian POS writes it: Windows-1251, ";" and decimal commas, CRLF. */
export function csv1251(lines: string[]): Uint8Array {
  return new Uint8Array(iconv.encode(`${lines.join("\r\n")}\r\n`, "windows-1251"));
}

/** A UTF-8 CSV with a byte-order mark (what Excel writes for "CSV UTF-8"). */
export function csvUtf8Bom(lines: string[]): Uint8Array {
  return new Uint8Array(
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join("\n"), "utf8")]),
  );
}

/** An .xlsx written by exceljs; numbers stay numbers, `{ formula, result }` cells are formulas. */
export async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Производи");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/**
 * A ZIP bomb to name .xlsx: `entries` entries of 1 MB of zeros each, about 1 KB compressed apiece.
 * `declaredBytes` is the size each entry claims (default: the truth); a small claim makes a bomb
 * that lies, which only inflating can catch.
 */
export function zipBomb(entries: number, declaredBytes = 1024 * 1024): Uint8Array {
  const plain = new Uint8Array(1024 * 1024);
  const data = deflateSync(plain, { level: 9 });
  const crc = crc32(plain);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < entries; i++) {
    const name = Buffer.from(`xl/worksheets/sheet${i + 1}.xml`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declaredBytes, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredBytes, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(data));
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** The 9-column price-list template of PRODUCT.md. */
export const NINE_COLUMN_HEADERS = [
  "Назив",
  "Продажна цена",
  "Единечна цена",
  "Опис",
  "Достапност",
  "Редовна цена",
  "Цена со попуст",
  "Вид на попуст",
  "Времетраење на попуст",
];

/** A POS-like product file of `rows` rows: name, price with decimal comma, category, quantity, barcode. */
export function productRows(rows: number, prefix = "Производ"): (string | number)[][] {
  return Array.from({ length: rows }, (_, i) => [
    `${prefix} ${i + 1} ${["500 г", "1 л", "250 г", "1 кг"][i % 4]}`,
    `${Math.floor(30 + ((i * 7919) % 600))},${String(i % 100).padStart(2, "0")}`,
    `Категорија ${i % 40}`,
    i % 50,
  ]);
}

export const PRODUCT_HEADERS = ["Назив", "Цена", "Категорија", "Количина"];

/** productRows as a Windows-1251 CSV. */
export function productCsv(rows: number, prefix?: string): Uint8Array {
  return csv1251([PRODUCT_HEADERS.join(";"), ...productRows(rows, prefix).map((row) => row.join(";"))]);
}

/** productRows as an .xlsx, prices as number cells. */
export function productXlsx(rows: number, prefix?: string): Promise<Uint8Array> {
  return xlsx([
    PRODUCT_HEADERS,
    ...productRows(rows, prefix).map(([name, price, category, quantity]) => [
      name,
      Number(String(price).replace(",", ".")),
      category,
      quantity,
    ]),
  ]);
}

/**
 * A ZIP that reads one way from its local headers and another from its central directory: a stored
 * entry whose bytes hold a second local header and a deflate bomb of about `inflatedMb` MB, while
 * the central directory lists only that second entry, declaring it 100 bytes. A reader that walks
 * local headers sees one stored entry and inflates nothing; one that follows the directory inflates
 * the bomb.
 */
export function overlappingBomb(inflatedMb: number): Uint8Array {
  // A megabyte of zeros compressed as blocks that stand alone, repeated, then a final empty block.
  const block = deflateRawSync(new Uint8Array(1024 * 1024), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const bomb = Buffer.concat([...Array.from({ length: inflatedMb }, () => block), Buffer.from([0x03, 0x00])]);
  const innerName = Buffer.from("xl/worksheets/sheet1.xml");
  const inner = Buffer.alloc(30);
  inner.writeUInt32LE(0x04034b50, 0);
  inner.writeUInt16LE(20, 4);
  inner.writeUInt16LE(8, 8);
  inner.writeUInt32LE(bomb.length, 18);
  inner.writeUInt32LE(100, 22);
  inner.writeUInt16LE(innerName.length, 26);
  const hidden = Buffer.concat([inner, innerName, bomb]);
  const outerName = Buffer.from("xl/media/image1.png");
  const outer = Buffer.alloc(30);
  outer.writeUInt32LE(0x04034b50, 0);
  outer.writeUInt16LE(20, 4);
  outer.writeUInt32LE(crc32(hidden), 14);
  outer.writeUInt32LE(hidden.length, 18);
  outer.writeUInt32LE(hidden.length, 22);
  outer.writeUInt16LE(outerName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(bomb.length, 20);
  central.writeUInt32LE(100, 24);
  central.writeUInt16LE(innerName.length, 28);
  central.writeUInt32LE(outer.length + outerName.length, 42);
  const directory = Buffer.concat([central, innerName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(outer.length + outerName.length + hidden.length, 16);
  return new Uint8Array(Buffer.concat([outer, outerName, hidden, directory, end]));
}

/** A minimal workbook of one sheet: `sheetData` is its XML after `<sheetData>`, closing tags included or not. */
export function xlsxWithSheetXml(sheetData: string): Uint8Array {
  const text = (value: string) => strToU8(value);
  return zipSync({
    "[Content_Types].xml": text(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    "_rels/.rels": text(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    "xl/workbook.xml": text(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    "xl/_rels/workbook.xml.rels": text(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    "xl/worksheets/sheet1.xml": text(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}`,
    ),
  });
}
