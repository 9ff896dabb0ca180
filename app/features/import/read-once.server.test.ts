import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "~/db/client.server";
import { importJob } from "~/db/schema/imports";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { csv1251 } from "./fixtures.test-support";
import { createImport, previewImport, queueImport, saveMapping } from "./import-job.server";
import { importPage } from "./import-page.server";
import { runImportJob, setAfterImport } from "./import-runner.server";
import { IMPORT_MAX_ROWS, readImportFile } from "./read-file.server";

// The uploaded file is parsed at most once per step of the wizard. The upload keeps on
// the job what the mapping step shows (encoding, delimiter, first rows), so opening the mapping
// and saving it read nothing; another delimiter reads the file once; the preview and the commit
// read it once each.

vi.mock("./read-file.server", async (original) => {
  const actual = await original<typeof import("./read-file.server")>();
  return { ...actual, readImportFile: vi.fn(actual.readImportFile) };
});

const database = databaseForThisFile();
const parses = vi.mocked(readImportFile);

beforeAll(() => {
  process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "vitrina-import-read-once-"));
});

const FILE = csv1251([
  "Шифра;Артикл;МПЦ;Група",
  "1;Леб бел 500 г;35,00;Пекара",
  "2;Млеко 1 л;1.089,90;Млечни",
  "3;Јогурт;45,50;Млечни",
  "4;Кафе;210,00;Напитоци",
]);

/** How many times `step` parsed the file. */
async function parsesOf<T>(step: () => Promise<T>): Promise<{ result: T; parses: number }> {
  const before = parses.mock.calls.length;
  const result = await step();
  return { result, parses: parses.mock.calls.length - before };
}

describe("the import reads its file at most once per step", () => {
  it("upload 1, mapping page 0, mapping 0 (1 for another delimiter), preview 1, commit 1", async () => {
    const { ctx } = await createTestStore(database);
    setAfterImport(async () => {});
    const upload = await parsesOf(() => createImport(ctx, { fileName: "artikli.csv", bytes: FILE }));
    expect(upload.parses).toBe(1);
    const job = upload.result;

    const page = await parsesOf(() => importPage(ctx, job.id, null));
    expect(page.parses).toBe(0);
    // What the page shows is still the file's: its encoding, delimiter and first three rows.
    expect(page.result).toMatchObject({
      step: "map",
      encoding: "windows-1251",
      delimiter: ";",
      samples: [
        ["1", "Леб бел 500 г", "35,00", "Пекара"],
        ["2", "Млеко 1 л", "1.089,90", "Млечни"],
        ["3", "Јогурт", "45,50", "Млечни"],
      ],
    });

    const comma = await parsesOf(() =>
      saveMapping(ctx, job.id, { mapping: [], encoding: null, delimiter: "," }),
    );
    expect(comma.parses).toBe(1);
    expect(comma.result.reread).toBe(true);
    const commaPage = await parsesOf(() => importPage(ctx, job.id, null));
    expect(commaPage.parses).toBe(0);
    expect(commaPage.result).toMatchObject({ delimiter: ",", headers: ["Шифра;Артикл;МПЦ;Група"] });

    const back = await parsesOf(() =>
      saveMapping(ctx, job.id, { mapping: [], encoding: null, delimiter: ";" }),
    );
    expect(back.parses).toBe(1);
    const mapped = await parsesOf(() =>
      saveMapping(ctx, job.id, {
        mapping: [null, "name", "price", "category"],
        encoding: null,
        delimiter: null,
      }),
    );
    expect(mapped.parses).toBe(0);
    expect(mapped.result).toMatchObject({ reread: false, job: { totalRows: 4, delimiter: ";" } });

    const preview = await parsesOf(() => previewImport(ctx, job.id));
    expect(preview.parses).toBe(1);
    expect(preview.result.counts).toMatchObject({ added: 4, skipped: 0 });

    await queueImport(ctx, job.id, "skip");
    const commit = await parsesOf(() => runImportJob(database.db as Db, job.id));
    expect(commit.parses).toBe(1);
  });

  it("a draft uploaded before the summary was kept reads its file for the mapping page", async () => {
    const { ctx } = await createTestStore(database);
    const job = await createImport(ctx, { fileName: "artikli.csv", bytes: FILE });
    await database.db
      .update(importJob)
      .set({ sheetEncoding: null, sheetDelimiter: null, sampleRows: null })
      .where(eq(importJob.id, job.id));
    const page = await parsesOf(() => importPage(ctx, job.id, null));
    expect(page.parses).toBe(1);
    expect(page.result).toMatchObject({ encoding: "windows-1251", delimiter: ";" });
    expect((page.result as { samples: string[][] }).samples[0]).toEqual([
      "1",
      "Леб бел 500 г",
      "35,00",
      "Пекара",
    ]);
  });

  it("keeps the 50,000-row limit at the upload: 50,000 rows are read, one more is refused", async () => {
    const { ctx } = await createTestStore(database);
    const lines = (rows: number) => [
      "Назив;Цена",
      ...Array.from({ length: rows }, (_, i) => `Производ ${i + 1};${(i % 900) + 10},50`),
    ];
    const full = await createImport(ctx, { fileName: "polno.csv", bytes: csv1251(lines(IMPORT_MAX_ROWS)) });
    expect(full).toMatchObject({
      totalRows: IMPORT_MAX_ROWS,
      sheetEncoding: "windows-1251",
      sheetDelimiter: ";",
    });
    expect(full.sampleRows).toEqual([
      ["Производ 1", "10,50"],
      ["Производ 2", "11,50"],
      ["Производ 3", "12,50"],
    ]);
    await expect(
      createImport(ctx, { fileName: "premnogu.csv", bytes: csv1251(lines(IMPORT_MAX_ROWS + 1)) }),
    ).rejects.toMatchObject({ code: "importTooManyRows" });
  });
});
