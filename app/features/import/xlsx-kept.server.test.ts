import { describe, expect, it, vi } from "vitest";
import { xlsx } from "./fixtures.test-support";
import { readImportFile } from "./read-file.server";
import { readXlsxInWorker } from "./xlsx-read.server";

// The wizard's steps read the same .xlsx again (upload, preview, commit): the last file's answer is
// kept, so only the first read starts a worker. Only the same bytes get it, a failed read is not
// kept, and each caller gets its own copy of the rows.

vi.mock("./xlsx-read.server", async (original) => {
  const actual = await original<typeof import("./xlsx-read.server")>();
  return { ...actual, readXlsxInWorker: vi.fn(actual.readXlsxInWorker) };
});

const workers = vi.mocked(readXlsxInWorker);

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
