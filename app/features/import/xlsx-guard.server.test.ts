import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { overlappingBomb, xlsx, zipBomb } from "./fixtures.test-support";
import { openXlsx } from "./xlsx-guard.server";

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error("the file was opened");
}

/** Where the central directory starts and the offset of its first record's fields. */
function directoryOf(bytes: Uint8Array) {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = view.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return { view, directory: view.readUInt32LE(end + 16), count: view.readUInt16LE(end + 10) };
}

describe("the .xlsx ZIP guard", () => {
  it("refuses an entry hidden inside another, listed alone in the central directory, without inflating it", () => {
    const bomb = overlappingBomb(300);
    expect(bomb.length).toBeLessThan(400 * 1024);
    global.gc?.();
    const before = process.memoryUsage();
    expect(refusal(() => openXlsx(bomb))).toBe("importUnreadable");
    const after = process.memoryUsage();
    // Inflated, the bomb would be 300 MB.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(8 * 1024 * 1024);
    expect(after.rss - before.rss).toBeLessThan(32 * 1024 * 1024);
  });

  it("opens a workbook and inflates only the parts the import reads", async () => {
    const parts = openXlsx(
      await xlsx([
        ["Назив", "Цена"],
        ["Леб", 30],
      ]),
    );
    expect([...parts.keys()]).toContain("xl/worksheets/sheet1.xml");
    expect([...parts.keys()].every((name) => !name.startsWith("docProps/"))).toBe(true);
    expect(Buffer.from(parts.get("xl/workbook.xml")!).toString("utf8")).toContain("<sheets>");
  });

  it("refuses a central directory that disagrees with the local headers", async () => {
    // Declared sizes: the directory says 10 bytes, the local header says otherwise.
    const sizes = await xlsx([["a"]]);
    const one = directoryOf(sizes);
    one.view.writeUInt32LE(10, one.directory + 24);
    expect(refusal(() => openXlsx(sizes))).toBe("importUnreadable");

    // Two records pointing at the same local header: entries that overlap.
    const twice = await xlsx([["a"]]);
    const two = directoryOf(twice);
    const second =
      two.directory +
      46 +
      two.view.readUInt16LE(two.directory + 28) +
      two.view.readUInt16LE(two.directory + 30) +
      two.view.readUInt16LE(two.directory + 32);
    two.view.writeUInt32LE(two.view.readUInt32LE(two.directory + 42), second + 42);
    expect(refusal(() => openXlsx(twice))).toBe("importUnreadable");

    // A name in the directory that its local header does not carry.
    const renamed = await xlsx([["a"]]);
    const three = directoryOf(renamed);
    three.view[three.directory + 46] = "Y".charCodeAt(0);
    expect(refusal(() => openXlsx(renamed))).toBe("importUnreadable");
  });

  it("still refuses the bombs that declare their size and those that lie about it", () => {
    expect(refusal(() => openXlsx(zipBomb(250)))).toBe("importZipTooLarge");
    expect(refusal(() => openXlsx(zipBomb(250, 1024)))).toBe("importZipTooLarge");
    expect(refusal(() => openXlsx(zipBomb(1001, 1)))).toBe("importZipTooLarge");
  });
});
