import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { store as storeTable } from "~/db/schema/stores";
import { createProduct, deleteProduct, updateProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { answerToday } from "~/features/confirmation/confirmation.server";
import { renderPriceListPdf } from "~/features/pdf/price-list-pdf.server";
import { getStorefront } from "~/features/storefront/storefront.server";
import { getStoreByUsername } from "~/features/stores/store.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { feedResponse, getLiveFeed } from "./feed.server";
import { buildPriceList } from "./price-list.server";
import { csvCell } from "./serialize";
import { getSnapshot } from "./snapshot.server";

const database = databaseForThisFile();

const input = productInput;

function parseCsv(text: string): string[][] {
  // Enough of RFC 4180 for these files: quoted cells with "" escapes.
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r") {
    } else if (char === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  return rows;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-pdf-"));
  writeFileSync(path.join(dir, "list.pdf"), pdf);
  return execFileSync("pdftotext", ["-layout", path.join(dir, "list.pdf"), "-"], { encoding: "utf8" });
}

describe("machine-readable price list", () => {
  it("CSV (BOM, formula-safe) and JSON carry every law field and match the page", async () => {
    const shop = await createTestStore(database);
    await createProduct(
      shop.ctx,
      input({
        name: "Сирење Бимилк 500 г",
        price: "240",
        regularPrice: "300",
        netQuantity: "500",
        netUnit: "g",
        description: "Кравјо",
      }),
    );
    await createProduct(shop.ctx, input({ name: '=HYPERLINK("x")', price: "10" }));
    await createProduct(shop.ctx, input({ name: "Скриен", price: "1", status: "inactive" }));
    const feed = await getLiveFeed(database.db, shop.username);

    const csv = feed.csv.mk.toString("utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parseCsv(csv.slice(1));
    expect(header).toContain("Попуст (%)");
    const col = (name: string) => header!.indexOf(name);
    const cheese = rows.find((row) => row[col("Производ")] === "Сирење Бимилк 500 г")!;
    expect(cheese[col("Цена со ДДВ (ден.)")]).toBe("240.00");
    expect(cheese[col("Редовна цена (ден.)")]).toBe("300.00");
    expect(cheese[col("Попуст (%)")]).toBe("20");
    expect(cheese[col("Попуст (ден.)")]).toBe("60.00");
    expect(cheese[col("Единечна цена (ден.)")]).toBe("480.00");
    expect(cheese[col("Единечна цена за")]).toBe("кг");
    expect(rows.find((row) => row[col("Производ")]!.includes("HYPERLINK"))![col("Производ")]).toBe(
      '\'=HYPERLINK("x")',
    );
    expect(rows).toHaveLength(2);

    const json = JSON.parse(feed.json.toString("utf8"));
    const page = await getStorefront(database.db, shop.username, { page: 1 });
    expect(json.products.map((p: { name: string }) => p.name).sort()).toEqual(
      page.products.map((p) => p.name).sort(),
    );
    expect(json.products.find((p: { name: string }) => p.name.startsWith("Сирење"))).toMatchObject({
      price: "240.00",
      regularPrice: "300.00",
      discountPercent: 20,
      discountAmount: "60.00",
      unitPrice: "480.00",
      vatRate: "18",
      availability: "in_stock",
    });
    expect(csvCell("-1+2")).toBe("'-1+2");
    expect(csvCell("@SUM")).toBe("'@SUM");
  });

  it("publishes nothing for an inactive store (trial expired or deactivated): its files are gone", async () => {
    const shop = await createTestStore(database);
    await createProduct(shop.ctx, input({ name: "Брашно", price: "60" }));
    expect(
      JSON.parse((await getLiveFeed(database.db, shop.username)).json.toString("utf8")).products,
    ).toHaveLength(1);
    await database.db.update(storeTable).set({ active: false }).where(eq(storeTable.id, shop.storeId));
    // One "is public" rule (public-store.server.ts); the files answer 404.
    await expect(getLiveFeed(database.db, shop.username)).rejects.toMatchObject({ code: "storeNotFound" });
  });

  it("holds each feed's UTF-8 bytes once per version, and answers them as they are", async () => {
    // The soak's CPU profile: a Response made from the feed's string encoded 20,000 products again
    // for every answer, holding the event loop for over a second each.
    const shop = await createTestStore(database);
    await createProduct(shop.ctx, input({ name: "Ајвар „Зеленгора“", price: "120" }));
    const feed = await getLiveFeed(database.db, shop.username);
    expect(JSON.parse(feed.json.toString("utf8")).products[0].name).toBe("Ајвар „Зеленгора“");
    for (const locale of ["mk", "sq", "en"] as const)
      expect(feed.csv[locale].toString("utf8")).toContain("Ајвар „Зеленгора“");
    const again = await getLiveFeed(database.db, shop.username);
    expect(again.json).toBe(feed.json);
    expect(again.csv.sq).toBe(feed.csv.sq);
    const answer = feedResponse(new Request("http://x/"), feed.csv.mk, {
      type: "text/csv; charset=utf-8",
      etag: feed.etag,
      lastModified: feed.lastModified,
      filename: "f.csv",
    });
    // The answer's body is the held Buffer itself, not a copy of it (decision 0112).
    expect(answer.headers.get("Content-Length")).toBe(String(feed.csv.mk.byteLength));
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).value).toBe(feed.csv.mk);
    expect((await reader.read()).done).toBe(true);
  });

  it("answers 304 to a client that has this version, and a new ETag after a change", async () => {
    const shop = await createTestStore(database);
    const product = await createProduct(shop.ctx, input({ name: "Леб", price: "40" }));
    const feed = await getLiveFeed(database.db, shop.username);
    const again = feedResponse(
      new Request("http://x/", { headers: { "if-none-match": feed.etag } }),
      feed.csv.mk,
      {
        type: "text/csv",
        etag: feed.etag,
        lastModified: feed.lastModified,
        filename: "f.csv",
      },
    );
    expect(again.status).toBe(304);
    await updateProduct(shop.ctx, product.id, input({ name: "Леб", price: "45" }));
    const changed = await getLiveFeed(database.db, shop.username);
    expect(changed.etag).not.toBe(feed.etag);
    expect(changed.csv.mk.toString("utf8")).toContain("45.00");
  });

  it("answers If-Modified-Since by Last-Modified, which never goes back when the newest product is deleted", async () => {
    const shop = await createTestStore(database);
    await createProduct(shop.ctx, input({ name: "Сол", price: "20" }));
    const newest = await createProduct(shop.ctx, input({ name: "Шеќер", price: "60" }));
    const respond = (lastModified: Date, since: string) =>
      feedResponse(new Request("http://x/", { headers: { "if-modified-since": since } }), "body", {
        type: "text/csv",
        lastModified,
        filename: "f.csv",
      });
    const feed = await getLiveFeed(database.db, shop.username);
    const since = feed.lastModified.toUTCString();
    expect(respond(feed.lastModified, since).status).toBe(304);
    expect(
      respond(feed.lastModified, new Date(feed.lastModified.getTime() - 2000).toUTCString()).status,
    ).toBe(200);

    // A client that copied the list asks again after the newest product was deleted.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await deleteProduct(shop.ctx, newest.id);
    const after = await getLiveFeed(database.db, shop.username);
    expect(after.csv.mk.toString("utf8")).not.toContain("Шеќер");
    expect(after.lastModified.getTime()).toBeGreaterThan(feed.lastModified.getTime());
    expect(respond(after.lastModified, since).status).toBe(200);
  });

  it("keeps a past day's snapshot unchanged after prices change", async () => {
    const shop = await createTestStore(database, { createdAt: new Date("2026-10-01T08:00:00Z") });
    const product = await createProduct(shop.ctx, input({ name: "Јогурт", price: "50" }));
    await answerToday(shop.ctx, { answer: "yes" }, new Date("2026-11-19T07:00:00Z"));
    const before = await getSnapshot(database.db, shop.storeId, "2026-11-19");
    await updateProduct(shop.ctx, product.id, input({ name: "Јогурт", price: "55" }));
    await answerToday(shop.ctx, { answer: "yes" }, new Date("2026-11-20T07:00:00Z"));
    const after = await getSnapshot(database.db, shop.storeId, "2026-11-19");
    expect(after!.csv).toBe(before!.csv);
    expect(after!.csv).toContain("50.00");
    expect((await getSnapshot(database.db, shop.storeId, "2026-11-20"))!.csv).toContain("55.00");
    expect(await getSnapshot(database.db, shop.storeId, "2026-11-18")).toBeNull();
  });

  it("prints a PDF whose text (pdftotext) holds the Cyrillic and Albanian product names and prices", async () => {
    const shop = await createTestStore(database);
    await createProduct(shop.ctx, input({ name: "Ајвар домашен 680 г", price: "320", regularPrice: "400" }));
    await createProduct(shop.ctx, input({ name: "Qumësht i freskët çokollatë", price: "75" }));
    await answerToday(shop.ctx, { answer: "yes" }, new Date("2026-11-20T07:05:00Z"));
    const store = await getStoreByUsername(database.db, shop.username);
    const list = await buildPriceList(database.db, store!);
    const text = pdfText(await renderPriceListPdf(list, "mk", new Date("2026-11-20T07:30:00Z")));
    // The header: the store, its company, and the date and time of the confirmation.
    expect(text).toContain("Test Store");
    expect(text).toContain("Test DOOEL");
    expect(text).toContain("Цените важат на 20 ное. 2026, потврдени во 08:05");
    expect(text).toContain("Ајвар домашен 680 г");
    expect(text).toContain("Qumësht i freskët çokollatë");
    expect(text).toContain("320,00");
    expect(text).toContain("-20 %");
    expect(text).toContain("Страна 1 од 1");

    // A long list: every page repeats the table's header and carries its number.
    const long = {
      ...list,
      products: Array.from({ length: 150 }, (_, i) => ({ ...list.products[0]!, name: `Производ ${i + 1}` })),
    };
    const pages = pdfText(await renderPriceListPdf(long, "mk", new Date("2026-11-20T07:30:00Z"))).split("\f");
    const count = pages.filter((page) => page.trim()).length;
    expect(count).toBeGreaterThan(1);
    for (let page = 1; page <= count; page++) {
      expect(pages[page - 1]).toContain(`Страна ${page} од ${count}`);
      expect(pages[page - 1]).toContain("Цена со ДДВ");
    }
    expect(pages.join("")).toContain("Производ 150");
  });
});
