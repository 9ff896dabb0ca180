import { parse } from "csv-parse/sync";
import { describe, expect, it, vi } from "vitest";
import { csv1251, xlsx } from "./fixtures.test-support";
import { readImportFile } from "./read-file.server";
import { readXlsxInWorker } from "./xlsx-read.server";

// The wizard's steps read the same file again (upload, preview, commit): the last file's sheet is
// kept (decision 0158), so only the first read of an .xlsx starts a worker and only the first read
// of a CSV parses it. Only the same bytes (and a CSV's same encoding and delimiter) get it, a failed
// read is not kept, and each caller gets its own copy of the rows.

vi.mock("./xlsx-read.server", async (original) => {
  const actual = await original<typeof import("./xlsx-read.server")>();
  return { ...actual, readXlsxInWorker: vi.fn(actual.readXlsxInWorker) };
});

vi.mock("csv-parse/sync", async (original) => {
  const actual = await original<typeof import("csv-parse/sync")>();
  return { ...actual, parse: vi.fn(actual.parse) };
});

const workers = vi.mocked(readXlsxInWorker);
const csvParses = vi.mocked(parse);

describe("the last .xlsx read is kept", () => {
  it("reads the same bytes with one worker, other bytes with another, and hands out copies", async () => {
    const file = await xlsx([
      ["Назив", "Цена"],
      ["Леб бел 500 г", 35],
      ["Млеко 1 л", 65],
    ]);
    const before = workers.mock.calls.length;
    const first = await readImportFile(file, "artikli.xlsx");
    first.rows[0]![0] = "changed by a caller";
    first.rows.pop();
    const second = await readImportFile(new Uint8Array(file), "artikli.xlsx");
    expect(workers.mock.calls.length - before).toBe(1);
    expect(second.rows).toEqual([
      ["Леб бел 500 г", 35],
      ["Млеко 1 л", 65],
    ]);

    const other = await xlsx([
      ["Назив", "Цена"],
      ["Јогурт", 45],
    ]);
    expect((await readImportFile(other, "drugi.xlsx")).rows).toEqual([["Јогурт", 45]]);
    expect(workers.mock.calls.length - before).toBe(2);
  });

  it("does not keep a failed read: the same bytes are tried again", async () => {
    const file = await xlsx([
      ["Назив", "Цена"],
      ["Кафе", 210],
    ]);
    workers.mockRejectedValueOnce(new Error("worker gone"));
    await expect(readImportFile(file, "kafe.xlsx")).rejects.toThrow("worker gone");
    const before = workers.mock.calls.length;
    expect((await readImportFile(file, "kafe.xlsx")).rows).toEqual([["Кафе", 210]]);
    expect(workers.mock.calls.length - before).toBe(1);
  });
});

describe("the last CSV read is kept", () => {
  const file = csv1251(["Шифра;Артикл;МПЦ", "1;Леб бел 500 г;35,00", "2;Млеко 1 л;65,00"]);

  it("parses the same bytes once whether the encoding and delimiter are detected or named", async () => {
    const before = csvParses.mock.calls.length;
    const detected = await readImportFile(file, "artikli.csv");
    expect(detected).toMatchObject({ encoding: "windows-1251", delimiter: ";" });
    detected.rows[0]![1] = "changed by a caller";
    const named = await readImportFile(new Uint8Array(file), "artikli.csv", {
      encoding: "windows-1251",
      delimiter: ";",
    });
    expect(csvParses.mock.calls.length - before).toBe(1);
    expect(named.rows).toEqual([
      ["1", "Леб бел 500 г", "35,00"],
      ["2", "Млеко 1 л", "65,00"],
    ]);
  });

  it("parses again for another delimiter, another encoding or other bytes", async () => {
    await readImportFile(file, "artikli.csv");
    const before = csvParses.mock.calls.length;
    const comma = await readImportFile(file, "artikli.csv", { delimiter: "," });
    expect(comma.rows[0]).toEqual(["1;Леб бел 500 г;35", "00"]);
    await readImportFile(file, "artikli.csv", { encoding: "windows-1250" });
    const other = csv1251(["Артикл;МПЦ", "Кафе;210,00"]);
    expect((await readImportFile(other, "kafe.csv")).rows).toEqual([["Кафе", "210,00"]]);
    expect(csvParses.mock.calls.length - before).toBe(3);
  });

  it("does not keep a file that cannot be read", async () => {
    csvParses.mockImplementationOnce(() => {
      throw new Error("unreadable");
    });
    const broken = csv1251(["Артикл;МПЦ", "Сол;25,00"]);
    await expect(readImportFile(broken, "sol.csv")).rejects.toMatchObject({ code: "importUnreadable" });
    expect((await readImportFile(broken, "sol.csv")).rows).toEqual([["Сол", "25,00"]]);
  });
});
