import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { promotion } from "~/db/schema/promotions";
import { apiClient, createApiStore } from "~/features/api/api.test-support";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import { addDays } from "~/lib/calendar";
import type { StoreContext } from "~/lib/service-context";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { csv1251 } from "./fixtures.test-support";
import { importFileInto } from "./import-file.test-support";
import {
  createImport,
  getImportJob,
  type ImportOptionsInput,
  previewImport,
  queueImport,
  saveImportOptions,
} from "./import-job.server";
import { runImportJob, setAfterImport } from "./import-runner.server";

// A till's export as shops bring it: Windows-1251, ";" between columns, the article code first.
const database = databaseForThisFile();

beforeAll(() => {
  process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "vitrina-till-import-"));
});

async function productsOf(storeId: string) {
  return database.db
    .select({ name: product.name, priceCents: product.priceCents, externalId: product.externalId })
    .from(product)
    .where(eq(product.storeId, storeId))
    .orderBy(asc(product.externalId));
}

describe("a till's file imported twice", () => {
  it("keeps the article code as the external id, matches by it and updates prices without duplicates", async () => {
    const store = await createApiStore(database);
    // A product the owner typed before the till's file came: found by name, it takes the code.
    await createProduct(store.ctx, productInput({ name: "Леб бел", price: "35" }));
    const first = csv1251([
      "ШИФРА;Назив на артикл;Цена",
      "00101;Леб бел;35,00",
      "00102;Млеко Здравје 1 л;62,00",
      "00103;Сирење;390,00",
    ]);
    const one = await importFileInto(store.ctx, first);
    expect(one.counts).toMatchObject({ added: 2, updated: 1, skipped: 0 });
    expect(await productsOf(store.storeId)).toEqual([
      { name: "Леб бел", priceCents: 3500, externalId: "00101" },
      { name: "Млеко Здравје 1 л", priceCents: 6200, externalId: "00102" },
      { name: "Сирење", priceCents: 39000, externalId: "00103" },
    ]);

    // The till renamed a product and changed prices: the code finds each one, nothing is added.
    const second = csv1251([
      "Шифра на артикл;Назив на артикл;Цена",
      "00101;Леб бел;38,00",
      "00102;Млеко Здравје 1л;64,00",
      "00103;Сирење;390,00",
    ]);
    const two = await importFileInto(store.ctx, second);
    expect(two.counts).toMatchObject({ added: 0, updated: 2, unchanged: 1, skipped: 0 });
    expect(await productsOf(store.storeId)).toEqual([
      { name: "Леб бел", priceCents: 3800, externalId: "00101" },
      { name: "Млеко Здравје 1л", priceCents: 6400, externalId: "00102" },
      { name: "Сирење", priceCents: 39000, externalId: "00103" },
    ]);

    // The POS then syncs through the REST API by the same code, without creating a product.
    const api = apiClient(database);
    const token = await store.tokenOf();
    const found = await api("GET", "/products?externalId=00102", { token });
    expect(found.status).toBe(200);
    expect(found.body.items.map((item: { name: string }) => item.name)).toEqual(["Млеко Здравје 1л"]);
    const put = await api("PUT", "/prices/by-external-id/00102", { token, body: { priceCents: 6500 } });
    expect(put.status).toBe(200);
    expect(put.body.outcome).toBe("updated");
    expect(await productsOf(store.storeId)).toHaveLength(3);
  });
});

async function throughTheJob(ctx: StoreContext, bytes: Uint8Array, choose?: ImportOptionsInput) {
  const job = await createImport(ctx, { fileName: "kasa.csv", bytes });
  if (choose) await saveImportOptions(ctx, job.id, choose);
  const preview = await previewImport(ctx, job.id);
  const commit = async () => {
    await queueImport(ctx, job.id, "skip");
    await runImportJob(database.db as Db, job.id);
    return getImportJob(ctx, job.id);
  };
  return { job, preview, commit };
}

async function netOf(storeId: string) {
  const rows = await database.db
    .select({ name: product.name, milli: product.netQuantityMilli, unit: product.netUnit })
    .from(product)
    .where(eq(product.storeId, storeId))
    .orderBy(asc(product.name));
  return Object.fromEntries(
    rows.map((row) => [row.name, row.milli === null ? null : `${row.milli} ${row.unit}`]),
  );
}

describe("net quantities read from names", () => {
  const file = csv1251([
    "Шифра;Назив;Цена;Нето",
    "1;Кока-кола 0,5 л;45,00;",
    "2;Вода 6 x 1,5L;150,00;",
    "3;Ајвар домашен 350 г;180,00;0,4 кг",
    "4;Сол;20,00;",
    "5;Брашно 2 кг;95,00;",
  ]);

  it("fills the net quantity where the file gives none, shows what it read, and keeps a product's own", async () => {
    const { ctx, storeId } = await createTestStore(database);
    setAfterImport(async () => {});
    await createProduct(ctx, productInput({ name: "Брашно 2 кг", price: "95", netQuantity: "2,5 кг" }));
    const { preview, commit } = await throughTheJob(ctx, file);
    expect(preview.nameQuantities).toEqual({ on: true, rows: 3 });
    expect(preview.mappedFields).toEqual(["externalId", "name", "price", "netQuantity"]);
    expect(
      preview.sample.map((row) => [row.name, row.netQuantityMilli, row.netUnit, row.netQuantityFromName]),
    ).toEqual([
      ["Кока-кола 0,5 л", 500, "l", "0,5 л"],
      ["Вода 6 x 1,5L", 9000, "l", "6 x 1,5L"],
      ["Ајвар домашен 350 г", 400, "kg", undefined],
      ["Сол", null, null, undefined],
      ["Брашно 2 кг", 2000, "kg", "2 кг"],
    ]);
    expect((await commit()).status).toBe("done");
    expect(await netOf(storeId)).toEqual({
      "Ајвар домашен 350 г": "400 kg",
      // The owner's 2,5 kg stays: a name fills an empty net quantity only.
      "Брашно 2 кг": "2500 kg",
      "Вода 6 x 1,5L": "9000 l",
      "Кока-кола 0,5 л": "500 l",
      Сол: null,
    });
  });

  it("reads nothing from the names when the owner turns it off for the file", async () => {
    const { ctx, storeId } = await createTestStore(database);
    setAfterImport(async () => {});
    const { preview, commit } = await throughTheJob(ctx, file, { nameQuantities: false });
    expect(preview.nameQuantities).toEqual({ on: false, rows: 3 });
    expect(preview.sample.every((row) => row.netQuantityFromName === undefined)).toBe(true);
    const done = await commit();
    expect(done.options).toEqual({ nameQuantities: false });
    expect(await netOf(storeId)).toMatchObject({ "Кока-кола 0,5 л": null, "Ајвар домашен 350 г": "400 kg" });
  });
});

describe("the preview of a re-import", () => {
  it("names the products it updates and says what the check will still ask of them", async () => {
    const { ctx } = await createTestStore(database);
    setAfterImport(async () => {});
    const first = csv1251([
      "Шифра;Назив;Цена;Опис;ДДВ;Баркод",
      "A1;Леб бел 500 г;35,00;Бел леб од пченично брашно;5;5310000000005",
      "A2;Сол;20,00;;18;",
      "A3;Шајки;120,00;;18;",
    ]);
    const one = await throughTheJob(ctx, first);
    expect(one.preview.compliance).toEqual([{ issue: "description", count: 2, required: true }]);
    expect(one.preview.mappedFields).toEqual([
      "externalId",
      "name",
      "price",
      "description",
      "vatRate",
      "barcode",
    ]);
    expect(one.preview.sample[0]).toMatchObject({ externalId: "A1", vatRate: "5", barcode: "5310000000005" });
    expect(one.preview.updatedNames).toEqual([]);
    await one.commit();
    const second = csv1251([
      "Шифра;Назив;Цена;Опис;ДДВ;Баркод",
      "A1;Леб бел 500 г;38,00;Бел леб од пченично брашно;5;5310000000005",
      "A2;Сол;22,00;Морска сол;18;",
      "A3;Шајки;120,00;;18;",
    ]);
    const two = await throughTheJob(ctx, second);
    expect(two.preview.counts).toMatchObject({ added: 0, updated: 2, unchanged: 1 });
    expect(two.preview.updatedNames).toEqual(["Леб бел 500 г", "Сол"]);
    expect(two.preview.compliance).toEqual([{ issue: "description", count: 1, required: true }]);
  });
});

describe("a discount column without dates", () => {
  const file = csv1251(["Назив;Цена;Цена со попуст", "Сок;100,00;80,00", "Чоколадо;60,00;"]);

  it("invents no dates: the discount waits for the owner's days and kind of sale", async () => {
    const { ctx, storeId } = await createTestStore(database);
    setAfterImport(async () => {});
    const { preview, commit } = await throughTheJob(ctx, file);
    expect(preview.undatedDiscounts).toEqual({ rows: 1, answer: null });
    expect(preview.sample[0]!.discount).toBeUndefined();
    expect(preview.notes).toEqual([{ line: 2, reason: "discountDatesMissing", params: {} }]);
    expect(preview.counts.discounts).toBeUndefined();
    const done = await commit();
    expect(done.counts).toMatchObject({ added: 2 });
    expect(await database.db.select().from(promotion).where(eq(promotion.storeId, storeId))).toEqual([]);
  });

  it("imports the discount with the days and kind the owner names in the wizard", async () => {
    const { ctx, storeId } = await createTestStore(database);
    setAfterImport(async () => {});
    const today = promotionDay();
    const endsOn = addDays(today, 6);
    const { job } = await throughTheJob(ctx, file);
    await expect(
      saveImportOptions(ctx, job.id, {
        discount: { type: "clearance", startsOn: today, endsOn: addDays(today, -1) },
      }),
    ).rejects.toMatchObject({ code: "validation" });
    await saveImportOptions(ctx, job.id, { discount: { type: "clearance", startsOn: today, endsOn } });
    const preview = await previewImport(ctx, job.id);
    expect(preview.undatedDiscounts).toEqual({
      rows: 1,
      answer: { type: "clearance", startsOn: today, endsOn },
    });
    expect(preview.sample[0]!.discount).toMatchObject({
      priceCents: 8000,
      type: "clearance",
      startsOn: today,
      endsOn,
    });
    await queueImport(ctx, job.id, "skip");
    await runImportJob(database.db as Db, job.id);
    const promotions = await database.db
      .select({ type: promotion.type, startsOn: promotion.startsOn, endsOn: promotion.endsOn })
      .from(promotion)
      .where(eq(promotion.storeId, storeId));
    expect(promotions).toEqual([{ type: "clearance", startsOn: today, endsOn }]);
  });
});
