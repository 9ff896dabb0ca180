import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { needsAttention, presentIssues } from "~/features/compliance/compliance.server";
import { exportFields, openExport } from "~/features/export/product-export.server";
import { productXlsxStream } from "~/features/export/product-export-xlsx.server";
import { detectMapping } from "~/features/import/columns";
import { planImport } from "~/features/import/commit.server";
import { readImportFile } from "~/features/import/read-file.server";
import { toImportRows } from "~/features/import/rows";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import { getFixedT } from "~/i18n/i18n.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { attentionExportFields, sheetNameOf } from "./attention-export.server";

const database = databaseForThisFile();

describe("the needs-attention .xlsx", () => {
  it("holds exactly the products that need attention, their missing columns first, and the import reads it back", async () => {
    const { ctx, storeId } = await createTestStore(database);
    await createProduct(ctx, productInput({ name: "Чаша", description: "Стаклена чаша." }));
    await createProduct(ctx, productInput({ name: "Ајвар домашен 350 г", vatRate: "5" }));
    const fields = attentionExportFields(exportFields(false), await presentIssues(ctx));
    expect(fields.slice(0, 2)).toEqual(["netQuantity", "description"]);
    const sheetName = sheetNameOf(getFixedT("mk")("compliance:grid.sheet"));
    const bytes = new Uint8Array(
      await new Response(
        productXlsxStream(await openExport(ctx, needsAttention()), "mk", fields, sheetName),
      ).arrayBuffer(),
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Бараат внимание");
    expect(sheet.getRow(1).getCell(1).value).toBe("Нето количина");
    expect(sheet.getRow(1).getCell(2).value).toBe("Опис");
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toContain("Ајвар домашен 350 г");

    // The product import maps every header of the file, and finds the product it came from.
    const read = await readImportFile(bytes, "needs-attention.xlsx");
    const mapping = detectMapping(read.headers);
    expect(mapping.every((field) => field !== null)).toBe(true);
    // As exported, with the name's quantity left unread, the file changes nothing.
    const asIs = toImportRows(read.rows, mapping, { today: promotionDay(), nameQuantities: false });
    expect(asIs.skipped).toEqual([]);
    const plan = await planImport(database.db, storeId, asIs.rows, promotionDay());
    expect(plan.counts).toMatchObject({ added: 0, updated: 0 });
    // By default the import also fills the quantity the name states (decision 0126): that one product.
    const filled = toImportRows(read.rows, mapping, { today: promotionDay() });
    const planFilled = await planImport(database.db, storeId, filled.rows, promotionDay());
    expect(planFilled.counts).toMatchObject({ added: 0, updated: 1 });
  });
});
