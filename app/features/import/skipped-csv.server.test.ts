import { describe, expect, it } from "vitest";
import { importJob } from "~/db/schema/imports";
import { getFixedT } from "~/i18n/i18n.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { skippedRowsCsv } from "./skipped-csv.server";

const database = databaseForThisFile();

describe("the skipped rows' CSV", () => {
  it("lists the skipped rows and, on their lines, the rows saved with a note (a discount that is no promotion)", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const [job] = await ctx.db
      .insert(importJob)
      .values({
        storeId,
        status: "done",
        fileName: "ценовник.csv",
        fileKey: "x",
        fileSize: 10,
        format: "csv",
        headers: ["Назив", "Продажна цена"],
        skippedRows: [{ line: 4, reason: "nameMissing", cells: ["", "12,00"] }],
        notes: [
          { line: 3, reason: "discountInPromotion", params: { promotion: "Викенд" } },
          { line: 7, reason: "discountEnded", params: { date: "2026-11-01" } },
        ],
      })
      .returning();
    const csv = await skippedRowsCsv(ctx, job!.id, getFixedT("mk"));
    expect(csv.split("\r\n").slice(0, 4)).toEqual([
      "\uFEFFРед,Причина,Назив,Продажна цена",
      "3,Производот веќе е во промоцијата „Викенд“ во тие денови (една промоција во исто време): нема нова промоција",
      '4,Нема назив,,"12,00"',
      "7,Попустот завршил на 2026-11-01: нема промоција",
    ]);
  });
});
