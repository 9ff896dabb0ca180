// An .xlsx is a ZIP, and a ZIP can be read two ways: by walking its local headers from the start, or
// by following its central directory at the end. A file crafted so that the two ways see different
// entries once slipped a deflate bomb past a guard that read one way to a parser that read the
// other (decision 0118). So this guard is the only reader: it follows the central directory,
// requires every local header to agree with it and the entries to tile the file with no gap and
// no overlap, inflates each part the import needs exactly once under a per-entry and a total cap,
// and hands those bytes on; the spreadsheet parser never inflates anything itself.

import { crc32, inflateRawSync } from "node:zlib";
import { AppError } from "~/lib/app-error";

/** 50,000 rows of a dozen columns come to about 40 MB of sheet XML; 200 MB leaves room. */
export const XLSX_MAX_UNCOMPRESSED = 200 * 1024 * 1024;
/** A workbook has a few dozen parts; thousands of entries are no spreadsheet. */
export const XLSX_MAX_ENTRIES = 1000;

/** The parts a spreadsheet's cells are read from; images, macros and the rest are never inflated. */
const NEEDED =
  /^(\[Content_Types\]\.xml|_rels\/\.rels|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/styles\.xml|xl\/sharedStrings\.xml|xl\/worksheets\/sheet\d+\.xml)$/;

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;

type Entry = {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  /** Where the compressed bytes start and where the entry (with its data descriptor) ends. */
  dataStart: number;
  end: number;
};

const unreadable = (why: string) => new AppError("importUnreadable", { cause: new Error(`xlsx: ${why}`) });

/** The parts of the workbook the import reads, inflated once; AppError for any other ZIP. */
export function openXlsx(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const within = (at: number, length: number) => at >= 0 && at + length <= bytes.length;

  // The end record: the last 22 bytes, or earlier by exactly its comment's length.
  let endAt = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === END && at + 22 + u16(at + 20) === bytes.length) {
      endAt = at;
      break;
    }
  }
  if (endAt < 0) throw unreadable("no end of central directory");
  const count = u16(endAt + 10);
  const directorySize = u32(endAt + 12);
  const directoryAt = u32(endAt + 16);
  if (u16(endAt + 4) !== 0 || u16(endAt + 6) !== 0 || u16(endAt + 8) !== count)
    throw unreadable("multi-disk");
  if (count === 0xffff || directoryAt === 0xffffffff) throw unreadable("ZIP64");
  if (count > XLSX_MAX_ENTRIES) throw new AppError("importZipTooLarge");
  if (directoryAt + directorySize !== endAt) throw unreadable("central directory not before its end record");

  const entries: Entry[] = [];
  const names = new Set<string>();
  let declared = 0;
  let at = directoryAt;
  for (let i = 0; i < count; i++) {
    if (!within(at, 46) || u32(at) !== CENTRAL) throw unreadable("central directory record");
    const nameLength = u16(at + 28);
    const next = at + 46 + nameLength + u16(at + 30) + u16(at + 32);
    if (next > endAt) throw unreadable("central directory record past its end");
    const entry = {
      name: Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString("utf8"),
      flags: u16(at + 8),
      method: u16(at + 10),
      crc: u32(at + 16),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      offset: u32(at + 42),
      dataStart: 0,
      end: 0,
    };
    if (names.has(entry.name)) throw unreadable(`two entries named ${entry.name}`);
    names.add(entry.name);
    if (entry.flags & 0x41) throw unreadable("encrypted entry");
    if (entry.method !== 0 && entry.method !== 8) throw unreadable(`compression method ${entry.method}`);
    if (entry.method === 0 && entry.compressedSize !== entry.size) throw unreadable("stored sizes differ");
    if ([entry.compressedSize, entry.size, entry.offset].includes(0xffffffff))
      throw unreadable("ZIP64 entry");
    declared += entry.size;
    entries.push(entry);
    at = next;
  }
  if (at !== endAt) throw unreadable("central directory size");
  if (declared > XLSX_MAX_UNCOMPRESSED) throw new AppError("importZipTooLarge");

  // Each local header says what the central directory says, and the entries follow one another
  // from the first byte to the central directory: no byte is part of two entries or of none.
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
    const local = entry.offset;
    if (local !== expected) throw unreadable(`entry ${entry.name} is not where the previous one ended`);
    if (!within(local, 30) || u32(local) !== LOCAL) throw unreadable(`no local header for ${entry.name}`);
    const nameLength = u16(local + 26);
    entry.dataStart = local + 30 + nameLength + u16(local + 28);
    const localName = Buffer.from(bytes.subarray(local + 30, local + 30 + nameLength)).toString("utf8");
    const flags = u16(local + 6);
    if (localName !== entry.name || flags !== entry.flags || u16(local + 8) !== entry.method) {
      throw unreadable(`local header of ${entry.name} disagrees with the central directory`);
    }
    const described = [u32(local + 14), u32(local + 18), u32(local + 22)];
    const central = [entry.crc, entry.compressedSize, entry.size];
    const deferred = (entry.flags & 0x08) !== 0;
    // With a data descriptor the local header may leave the three values zero; else they must match.
    if (
      !(deferred && described.every((value) => value === 0)) &&
      described.some((v, i) => v !== central[i])
    ) {
      throw unreadable(`local sizes of ${entry.name} disagree with the central directory`);
    }
    entry.end = entry.dataStart + entry.compressedSize;
    if (deferred) {
      const signed = within(entry.end, 4) && u32(entry.end) === DESCRIPTOR ? 4 : 0;
      const d = entry.end + signed;
      if (
        !within(d, 12) ||
        u32(d) !== entry.crc ||
        u32(d + 4) !== entry.compressedSize ||
        u32(d + 8) !== entry.size
      ) {
        throw unreadable(`data descriptor of ${entry.name}`);
      }
      entry.end = d + 12;
    }
    if (entry.end > directoryAt) throw unreadable(`entry ${entry.name} runs into the central directory`);
    expected = entry.end;
  }
  if (expected !== directoryAt) throw unreadable("bytes between the last entry and the central directory");

  const parts = new Map<string, Uint8Array>();
  for (const entry of entries) {
    if (!NEEDED.test(entry.name)) continue;
    parts.set(
      entry.name,
      inflate(bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize), entry),
    );
  }
  return parts;
}

/** An entry's bytes, never more than it declares: a larger one is refused while inflating. */
function inflate(data: Uint8Array, entry: Entry): Uint8Array {
  let plain: Uint8Array;
  if (entry.method === 0) plain = data;
  else {
    try {
      // Node stops inflating as soon as the output passes maxOutputLength; the +1 tells a lie apart.
      plain = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
        throw new AppError("importZipTooLarge");
      throw new AppError("importUnreadable", { cause: error });
    }
  }
  if (plain.length > entry.size) throw new AppError("importZipTooLarge");
  if (plain.length !== entry.size || crc32(plain) !== entry.crc) throw unreadable(`${entry.name} is damaged`);
  return plain;
}
