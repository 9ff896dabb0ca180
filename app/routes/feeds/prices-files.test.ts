import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { product as productTable } from "~/db/schema/catalog";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { feedCompressionCount } from "~/features/feeds/feed-encodings.server";
import { JSON_PRODUCT_KEYS } from "~/features/feeds/json-keys";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { getStoreByUsername } from "~/features/stores/store.server";
import { get, startRouteDatabase } from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import { loader as archiveLoader } from "./prices-archive";
import { loader as csvLoader } from "./prices-csv";
import { loader as jsonLoader } from "./prices-json";
import { loader as xlsxLoader } from "./prices-xlsx";

// The CSV is for people (inspectors open it in Excel), so it speaks the store's
// language, Macedonian unless ?lang= asks for Albanian or English; the JSON is for programs and
// keeps English keys and codes.

let database: Database;
let username: string;
beforeAll(async () => {
  database = await startRouteDatabase();
  const shop = await createTestStore(database);
  username = shop.username;
  await createProduct(
    shop.ctx,
    productInput({ name: "Сирење 500 г", price: "240", netQuantity: "500", netUnit: "g", unit: "piece" }),
  );
  await createProduct(shop.ctx, productInput({ name: "=1+1", price: "10", availability: "out_of_stock" }));
  // A photo as the image store keeps it: a path on the site's own address.
  await shop.ctx.db
    .update(productTable)
    .set({ imageUrl: "/images/cheese-800.webp" })
    .where(and(eq(productTable.storeId, shop.ctx.storeId), eq(productTable.name, "Сирење 500 г")));
  const store = await getStoreByUsername(database.db, username);
  await archivePriceList(database.db, store!, "day_end", new Date("2026-11-20T22:00:00Z"));
});
afterAll(async () => {
  await closeDatabase();
});

type Loader = (args: never) => Promise<unknown>;
const call = async (loader: Loader, url: string, params: Record<string, string>) =>
  (await loader({ request: get(url), params, context: {} } as never)) as Response;

async function csvRows(url: string, loader: Loader = csvLoader, file?: string) {
  const response = await call(loader, url, file ? { username, file } : { username });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // The BOM tells Excel the file is UTF-8 (Response.text() would hide it).
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder()
    .decode(bytes)
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
}

describe("price list files in the store's language", () => {
  it("the CSV speaks Macedonian by default: headers, units, VAT and availability", async () => {
    const [header, ...rows] = await csvRows(`/${username}/prices.csv`);
    expect(header).toEqual(expect.arrayContaining(["Производ", "Цена со ДДВ (ден.)", "Достапност", "ДДВ"]));
    const at = (row: string[], column: string) => row[header!.indexOf(column)];
    const cheese = rows.find((row) => at(row, "Производ") === "Сирење 500 г")!;
    expect(at(cheese, "Единица")).toBe("парче");
    expect(at(cheese, "Единечна цена за")).toBe("кг");
    expect(at(cheese, "ДДВ")).toBe("18%");
    expect(at(cheese, "Достапност")).toBe("На залиха");
    const formula = rows.find((row) => at(row, "Производ")!.includes("1+1"))!;
    expect(at(formula, "Производ")).toBe("'=1+1");
    expect(at(formula, "Достапност")).toBe("Нема на залиха");
    const text = [header, ...rows].flat().join(",");
    for (const english of ["name", "price_mkd", "in_stock", "out_of_stock", "piece", "availability"]) {
      expect(text).not.toContain(english);
    }
  });

  it("?lang=sq and ?lang=en choose Albanian and English; anything else is Macedonian", async () => {
    const [sq, ...sqRows] = await csvRows(`/${username}/prices.csv?lang=sq`);
    expect(sq).toEqual(expect.arrayContaining(["Produkti", "Çmimi me TVSH (den)", "Disponueshmëria"]));
    expect(sqRows.flat()).toEqual(expect.arrayContaining(["Në stok", "copë"]));
    const [en, ...enRows] = await csvRows(`/${username}/prices.csv?lang=en`);
    expect(en).toEqual(expect.arrayContaining(["Product", "Price with VAT (MKD)", "Availability"]));
    expect(enRows.flat()).toEqual(expect.arrayContaining(["In stock", "Out of stock"]));
    const [other] = await csvRows(`/${username}/prices.csv?lang=de`);
    expect(other).toContain("Производ");
  });

  it("each language has its own ETag", async () => {
    const etag = async (url: string) => (await call(csvLoader, url, { username })).headers.get("etag");
    const tags = new Set([
      await etag(`/${username}/prices.csv`),
      await etag(`/${username}/prices.csv?lang=sq`),
      await etag(`/${username}/prices.csv?lang=en`),
    ]);
    expect(tags.size).toBe(3);
  });

  it("the JSON keeps English keys and codes", async () => {
    const response = await call(jsonLoader, `/${username}/prices.json?lang=mk`, { username });
    const json = await response.json();
    for (const product of json.products) expect(Object.keys(product)).toEqual([...JSON_PRODUCT_KEYS]);
    const cheese = json.products.find((product: { name: string }) => product.name === "Сирење 500 г");
    // Price-comparison services fetch the photo away from the site: the address is absolute.
    expect(cheese.image).toMatch(/^https?:\/\/[^/]+\/images\/cheese-800\.webp$/);
    expect(json.products.find((p: { name: string }) => p.name === "=1+1").image).toBeNull();
    expect(cheese).toMatchObject({
      availability: "in_stock",
      unit: "piece",
      unitPricePer: "kg",
      vatRate: "18",
    });
  });

  it("the held JSON and CSV go compressed as the visitor accepts, each compressed once per version", async () => {
    const fetchAs = async (loader: Loader, path: string, acceptEncoding: string) => {
      const request = new Request(get(path).url, { headers: { "accept-encoding": acceptEncoding } });
      const response = (await loader({ request, params: { username }, context: {} } as never)) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      return {
        coding: response.headers.get("content-encoding"),
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    const plain = await fetchAs(jsonLoader, `/${username}/prices.json`, "identity");
    expect(plain.coding).toBeNull();
    expect(plain.body.byteLength).toBeGreaterThan(1024);
    const before = feedCompressionCount();
    const br = await fetchAs(jsonLoader, `/${username}/prices.json`, "gzip, deflate, br, zstd");
    expect(br.coding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await fetchAs(jsonLoader, `/${username}/prices.json`, "gzip;q=1, br;q=0");
    expect(gzip.coding).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(feedCompressionCount()).toBe(before + 2);
    // The same version asked again: answered from memory, the same bytes.
    const again = await fetchAs(jsonLoader, `/${username}/prices.json`, "br");
    expect(again.body.equals(br.body)).toBe(true);
    expect(feedCompressionCount()).toBe(before + 2);
  });

  it("the .xlsx for people: the store's language, prices as numbers, the last change in Skopje time, no formulas", async () => {
    const sheetOf = async (url: string) => {
      const response = await call(xlsxLoader, url, { username });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      expect(response.headers.get("content-encoding")).toBeNull();
      const bytes = Buffer.from(await response.arrayBuffer());
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as never);
      return { sheet: workbook.worksheets[0]!, bytes, etag: response.headers.get("etag") };
    };
    const { sheet, bytes, etag } = await sheetOf(`/${username}/prices.xlsx`);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(["Производ", "Цена со ДДВ (ден.)", "Последна промена"]));
    const column = (name: string) => header.indexOf(name) + 1;
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    const cheese = rows.find((row) => row.getCell(column("Производ")).value === "Сирење 500 г")!;
    expect(cheese.getCell(column("Цена со ДДВ (ден.)")).value).toBe(240);
    expect(cheese.getCell(column("Цена со ДДВ (ден.)")).numFmt).toBe("0.00");
    expect(cheese.getCell(column("Единица")).value).toBe("парче");
    // The JSON's UTC instant, written as the Skopje wall clock (UTC+1 in November).
    const json = await (await call(jsonLoader, `/${username}/prices.json`, { username })).json();
    const updated = json.products.find((p: { name: string }) => p.name === "Сирење 500 г").updatedAt;
    const wall = cheese.getCell(column("Последна промена")).value as Date;
    expect(wall.getTime() - Date.parse(updated)).toBe(60 * 60 * 1000 - (Date.parse(updated) % 1000));
    // "=1+1" is a text cell, never a formula.
    const formula = rows.find((row) => String(row.getCell(column("Производ")).value).includes("1+1"))!;
    expect(formula.getCell(column("Производ")).value).toBe("=1+1");
    expect(formula.getCell(column("Производ")).formula).toBeUndefined();

    const sq = await sheetOf(`/${username}/prices.xlsx?lang=sq`);
    expect((sq.sheet.getRow(1).values as unknown[]).slice(1)).toContain("Produkti");
    expect(sq.etag).not.toBe(etag);
    const csvEtagMk = (await call(csvLoader, `/${username}/prices.csv`, { username })).headers.get("etag");
    expect(etag).not.toBe(csvEtagMk);
    // The same version asked again: the same bytes, made once.
    expect((await sheetOf(`/${username}/prices.xlsx`)).bytes.equals(bytes)).toBe(true);
  });

  it("an archived day's CSV reads in the language asked for, with that day's data", async () => {
    const file = "2026-11-20.csv";
    const [mk, ...mkRows] = await csvRows(`/${username}/prices/${file}`, archiveLoader, file);
    expect(mk).toContain("Производ");
    expect(mkRows.flat()).toEqual(expect.arrayContaining(["Сирење 500 г", "240.00", "На залиха"]));
    const [sq, ...sqRows] = await csvRows(`/${username}/prices/${file}?lang=sq`, archiveLoader, file);
    expect(sq).toContain("Produkti");
    expect(sqRows.flat()).toEqual(expect.arrayContaining(["Сирење 500 г", "240.00", "Në stok", "'=1+1"]));
  });
});

describe("a price list file that does not exist", () => {
  // A thrown Response is what the framework sends as it is.
  const answer = async (loader: Loader, url: string, params: Record<string, string>) => {
    try {
      return await call(loader, url, params);
    } catch (thrown) {
      return thrown as Response;
    }
  };

  it("a JSON file answers 404 with problem details, not null", async () => {
    for (const response of [
      await answer(jsonLoader, "/nobody-here/prices.json", { username: "nobody-here" }),
      await answer(archiveLoader, `/${username}/prices/2026-01-01.json`, {
        username,
        file: "2026-01-01.json",
      }),
      await answer(archiveLoader, "/nobody-here/prices/2026-11-20.json", {
        username: "nobody-here",
        file: "2026-11-20.json",
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("application/problem+json");
      expect(await response.json()).toMatchObject({ status: 404, title: "Not found" });
    }
  });

  it("a CSV file answers a plain 404", async () => {
    for (const response of [
      await answer(csvLoader, "/nobody-here/prices.csv", { username: "nobody-here" }),
      await answer(archiveLoader, `/${username}/prices/2026-01-01.csv`, { username, file: "2026-01-01.csv" }),
      await answer(archiveLoader, `/${username}/prices/yesterday.csv`, { username, file: "yesterday.csv" }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expect(await response.text()).not.toBe("null");
    }
  });
});
