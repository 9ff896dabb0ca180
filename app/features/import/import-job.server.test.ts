import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { importJob } from "~/db/schema/imports";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { AppError } from "~/lib/app-error";
import { getMetrics } from "~/lib/metrics.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { IMPORT_MAX_BYTES } from "./file-options";
import { csv1251, csvUtf8Bom, overlappingBomb, productXlsx, zipBomb } from "./fixtures.test-support";
import {
  createImport,
  getImportJob,
  hasSavedMapping,
  IMPORT_UPLOADS_PER_HOUR,
  previewImport,
  queueImport,
  saveMapping,
} from "./import-job.server";
import { recoverImports, runImportJob, setAfterImport } from "./import-runner.server";

const database = databaseForThisFile();
const db = () => database.db as Db;

beforeAll(() => {
  process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "vitrina-import-test-"));
});

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return "none";
}

const POS_FILE = csv1251([
  "Шифра;Артикл;МПЦ;Група;Кол",
  "1;Леб бел 500 г;35,00;Пекара;10",
  "2;Млеко 1 л;1.089,90;Млечни;4",
  "3;;12,00;Пекара;1",
]);

describe("the import job", () => {
  it("goes from upload through mapping and preview to a committed import, with the mapping saved", async () => {
    const { ctx, storeId } = await createTestStore(database);
    await createProduct(ctx, productInput({ name: "Леб бел 500 г", price: "30" }));
    const job = await createImport(ctx, { fileName: "artikli.csv", bytes: POS_FILE });
    expect(job).toMatchObject({ status: "draft", format: "csv", totalRows: 3 });
    expect(job.mapping).toEqual(["externalId", "name", "price", "category", "quantity"]);
    expect(await hasSavedMapping(ctx, job.headers)).toBe(false);

    // The owner maps "Шифра" by hand as the barcode column, then takes it back off.
    await expect(
      saveMapping(ctx, job.id, {
        mapping: [null, null, "price", null, null],
        encoding: null,
        delimiter: null,
      }),
    ).rejects.toMatchObject({ code: "validation" });
    await saveMapping(ctx, job.id, {
      mapping: [null, "name", "price", "category", "quantity"],
      encoding: null,
      delimiter: null,
    });
    expect(await hasSavedMapping(ctx, job.headers)).toBe(true);

    const preview = await previewImport(ctx, job.id);
    expect(preview.counts).toEqual({ added: 1, updated: 1, unchanged: 0, skipped: 1 });
    expect(preview.skipped).toEqual([
      { line: 4, reason: "nameMissing", cells: ["3", "", "12,00", "Пекара", "1"] },
    ]);
    expect(preview.sample[1]).toMatchObject({ name: "Млеко 1 л", priceCents: 108990, quantity: 4 });
    expect(preview.newCategories.sort()).toEqual(["Млечни", "Пекара"]);

    let imagesFor: string[] = [];
    setAfterImport(async ({ productIds }) => {
      imagesFor = productIds;
    });
    const importsTimed = async () =>
      (await getMetrics().importSeconds.get()).values.find(
        (value) =>
          value.metricName === "vitrina_import_duration_seconds_count" && value.labels.outcome === "done",
      )?.value ?? 0;
    const timedBefore = await importsTimed();
    await queueImport(ctx, job.id, "skip");
    await runImportJob(db(), job.id);
    // /metrics times every import's commit.
    expect(await importsTimed()).toBe(timedBefore + 1);
    const done = await getImportJob(ctx, job.id);
    expect(done).toMatchObject({
      status: "done",
      counts: { added: 1, updated: 1, unchanged: 0, skipped: 1 },
    });
    expect(done.skippedRows).toHaveLength(1);
    expect(imagesFor).toHaveLength(2);
    const names = await database.db
      .select({ name: product.name })
      .from(product)
      .where(eq(product.storeId, storeId));
    expect(names.map((row) => row.name).sort()).toEqual(["Леб бел 500 г", "Млеко 1 л"]);
    expect(existsSync(path.join(process.env.DATA_DIR!, "imports", job.id))).toBe(false);

    // The next file with the same headers is offered the saved mapping.
    const again = await createImport(ctx, { fileName: "artikli-2.csv", bytes: POS_FILE });
    expect(await hasSavedMapping(ctx, again.headers)).toBe(true);
  });

  it("keeps the rows saved without a part of them for the result page, as the preview showed them", async () => {
    const { ctx } = await createTestStore(database);
    setAfterImport(async () => {});
    const file = csvUtf8Bom(["Назив;Цена;Баркод", "Млеко;60;12345", "Јогурт;40;5310000000005"]);
    const job = await createImport(ctx, { fileName: "kodovi.csv", bytes: file });
    const preview = await previewImport(ctx, job.id);
    const note = { line: 2, reason: "barcodeLength", params: { barcode: "12345", length: "5" } };
    expect(preview.notes).toEqual([note]);
    await queueImport(ctx, job.id, "skip");
    await runImportJob(db(), job.id);
    const done = await getImportJob(ctx, job.id);
    expect(done).toMatchObject({ status: "done", counts: { added: 2, skipped: 0 } });
    expect(done.notes).toEqual([note]);
  });

  it("applies the image choice after the commit: 'generate' draws a tile for each imported product", async () => {
    const { ctx, storeId } = await createTestStore(database);
    setAfterImport(null);
    const job = await createImport(ctx, { fileName: "artikli.csv", bytes: POS_FILE });
    await queueImport(ctx, job.id, "generate");
    await runImportJob(db(), job.id);
    const rows = await database.db
      .select({ name: product.name, imageUrl: product.imageUrl })
      .from(product)
      .where(eq(product.storeId, storeId));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.imageUrl).toMatch(/\.webp$/);
  });

  it("re-reads the file when the owner picks another delimiter, and detects its headers afresh", async () => {
    const { ctx } = await createTestStore(database);
    const job = await createImport(ctx, { fileName: "artikli.csv", bytes: POS_FILE });
    const same = await saveMapping(ctx, job.id, {
      mapping: [null, "name", "price", "category", "quantity"],
      encoding: "windows-1251",
      delimiter: ";",
    });
    expect(same.reread).toBe(false);
    const comma = await saveMapping(ctx, job.id, { mapping: [], encoding: "windows-1251", delimiter: "," });
    expect(comma.reread).toBe(true);
    expect(comma.job.headers).toEqual(["Шифра;Артикл;МПЦ;Група;Кол"]);
    expect(comma.job.mapping).toEqual([null]);
  });

  it("refuses a second import of the store while one runs, and another store's job", async () => {
    const { ctx } = await createTestStore(database);
    const other = await createTestStore(database);
    const first = await createImport(ctx, { fileName: "a.csv", bytes: POS_FILE });
    const second = await createImport(ctx, { fileName: "b.csv", bytes: POS_FILE });
    await queueImport(ctx, first.id, "skip");
    expect(await code(queueImport(ctx, second.id, "skip"))).toBe("importBusy");
    expect(await code(getImportJob(other.ctx, first.id))).toBe("notFound");
    expect(await code(previewImport(other.ctx, first.id))).toBe("notFound");
    expect(await code(getImportJob(ctx, "not-a-uuid"))).toBe("notFound");
  });

  it("marks an import that a dead process left running as failed, its file removed", async () => {
    const { ctx } = await createTestStore(database);
    const job = await createImport(ctx, { fileName: "a.csv", bytes: POS_FILE });
    await queueImport(ctx, job.id, "generate");
    await database.db.update(importJob).set({ status: "running" }).where(eq(importJob.id, job.id));
    expect(await recoverImports(db())).toBeGreaterThanOrEqual(1);
    expect(await getImportJob(ctx, job.id)).toMatchObject({
      status: "failed",
      error: "import:failure.interrupted",
      imageOption: "generate",
    });
    expect(existsSync(path.join(process.env.DATA_DIR!, "imports", job.id))).toBe(false);
  });

  it("fails a job whose file is bad, naming the reason, and rate-limits uploads per store", async () => {
    const { ctx } = await createTestStore(database);
    expect(await code(createImport(ctx, { fileName: "x.csv", bytes: new Uint8Array([0, 1, 2, 3]) }))).toBe(
      "importFileType",
    );
    const file = csvUtf8Bom(["Назив;Цена", "Леб;30"]);
    // The refused upload above was the first of the hour's twenty.
    for (let i = 1; i < IMPORT_UPLOADS_PER_HOUR; i++)
      await createImport(ctx, { fileName: "p.csv", bytes: file });
    expect(await code(createImport(ctx, { fileName: "p.csv", bytes: file }))).toBe("rateLimited");
    const other = await createTestStore(database);
    expect((await createImport(other.ctx, { fileName: "p.csv", bytes: file })).status).toBe("draft");
  });

  it("counts refused uploads against the hourly limit: after twenty refused files a good one is refused too", async () => {
    const { ctx } = await createTestStore(database);
    const xlsxRefused = [
      { fileName: "bomb.xlsx", bytes: zipBomb(250) },
      { fileName: "hidden.xlsx", bytes: overlappingBomb(10) },
      { fileName: "cut.xlsx", bytes: (await productXlsx(3)).subarray(0, 300) },
    ];
    const otherRefused = [
      { fileName: "image.csv", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
      { fileName: "big.csv", bytes: new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x41) },
      { fileName: "empty.csv", bytes: new Uint8Array(0) },
    ];
    const codes = new Set<string>();
    for (const upload of xlsxRefused) codes.add(await code(createImport(ctx, upload)));
    for (let i = xlsxRefused.length; i < IMPORT_UPLOADS_PER_HOUR; i++) {
      codes.add(await code(createImport(ctx, otherRefused[i % otherRefused.length]!)));
    }
    expect([...codes].sort()).toEqual([
      "importEmpty",
      "importFileType",
      "importTooLarge",
      "importUnreadable",
      "importZipTooLarge",
    ]);
    const good = csvUtf8Bom(["Назив;Цена", "Леб;30"]);
    expect(await code(createImport(ctx, { fileName: "p.csv", bytes: good }))).toBe("rateLimited");
    // The refusals by the limit itself do not count: the store waits out the hour, not longer.
    const rows = await database.db
      .select({ error: importJob.error })
      .from(importJob)
      .where(eq(importJob.storeId, ctx.storeId));
    expect(rows).toHaveLength(IMPORT_UPLOADS_PER_HOUR + 1);
    expect(rows.filter((row) => row.error === "errors:rateLimited")).toHaveLength(1);
    expect(rows.every((row) => row.error !== null)).toBe(true);
  }, 120_000);
});
