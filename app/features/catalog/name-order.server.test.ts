import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { getLiveFeed } from "~/features/feeds/feed.server";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { archivePriceList, getSnapshot } from "~/features/feeds/snapshot.server";
import { renderPriceListPdf } from "~/features/pdf/price-list-pdf.server";
import { CatalogueCache } from "~/features/storefront/catalogue-cache.server";
import { getStorefront, type StorefrontSort } from "~/features/storefront/storefront.server";
import { getStoreByUsername } from "~/features/stores/store.server";
import { compareNames, nameOrderKey } from "~/lib/name-order";
import { listeningDatabaseForThisFile } from "../../../tests/support/listening-db";
import { createTestStore } from "../../../tests/support/test-db";
import { selectProducts } from "./product.queries.server";
import { createProduct } from "./product.server";
import { productInput } from "./product.test-support";

// Decision 0023: every list a person reads puts names in alphabet order. Ѓ Ѕ Ј Љ Њ Ќ Џ sit in the
// Macedonian alphabet, not before А (their code points); Albanian Ç follows C and Ë follows E.

/** Alphabet order (decision 0023): Latin first, then Cyrillic; case and accents do not count. */
const ALPHABETICAL = [
  "Cuca",
  "çaj i zi",
  "Dardhë",
  "Ebi",
  "Éclair",
  "Ëmbëlsirë",
  "Fik",
  "Ајвар",
  "Гуска",
  "Дуња",
  "Ѓевреч",
  "Зелка",
  "ѕвонче",
  "Ирис",
  "Јаболка",
  "Кифла",
  "Лук",
  "Љутеница",
  "Нане",
  "Њоки",
  "Тиква",
  "Ќофте",
  "Урда",
  "Чај",
  "Џем",
  "Шеќер",
];

const { database, versions } = listeningDatabaseForThisFile();
let shop: Awaited<ReturnType<typeof createTestStore>>;
beforeAll(async () => {
  shop = await createTestStore(database);
  // Written in code-point order, the order the defect showed; every product at the same price, so
  // the price sorts fall back to names too.
  for (const name of [...ALPHABETICAL].sort())
    await createProduct(shop.ctx, productInput({ name, price: "100" }));
});

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-pdf-"));
  writeFileSync(path.join(dir, "list.pdf"), pdf);
  return execFileSync("pdftotext", ["-layout", path.join(dir, "list.pdf"), "-"], { encoding: "utf8" });
}

/** The product names in the order they appear in a text (a CSV, a PDF's text). */
const namesIn = (text: string) =>
  ALPHABETICAL.map((name) => ({ name, at: text.indexOf(name) }))
    .sort((a, b) => a.at - b.at)
    .map(({ name, at }) => (at < 0 ? `missing: ${name}` : name));

describe("alphabetical order on every list", () => {
  it("the dashboard's products list", async () => {
    const { rows } = await selectProducts(database.db, shop.storeId, {
      sort: "name",
      page: 1,
      pageSize: 100,
    });
    expect(rows.map((row) => row.name)).toEqual(ALPHABETICAL);
  });

  it("the public page, read from the database and from the in-memory catalogue, by name and by price", async () => {
    const cache = new CatalogueCache(versions);
    for (const sort of ["name", "price_asc", "price_desc"] satisfies StorefrontSort[]) {
      const fromDatabase = await getStorefront(database.db, shop.username, { page: 1, sort });
      const fromMemory = await getStorefront(
        database.db,
        shop.username,
        { page: 1, sort },
        new Date(),
        cache,
      );
      expect(fromDatabase.products.map((p) => p.name)).toEqual(ALPHABETICAL);
      expect(fromMemory.products.map((p) => p.name)).toEqual(ALPHABETICAL);
    }
    expect(cache.loads).toBe(1);
  });

  it("the CSV and JSON feeds and the dated archive", async () => {
    const feed = await getLiveFeed(database.db, shop.username);
    for (const csv of Object.values(feed.csv)) expect(namesIn(csv.toString("utf8"))).toEqual(ALPHABETICAL);
    expect(JSON.parse(feed.json.toString("utf8")).products.map((p: { name: string }) => p.name)).toEqual(
      ALPHABETICAL,
    );
    const store = await getStoreByUsername(database.db, shop.username);
    await archivePriceList(database.db, store!, "day_end", new Date("2026-11-20T22:00:00Z"));
    const snapshot = await getSnapshot(database.db, shop.storeId, "2026-11-20");
    expect(namesIn(snapshot!.csv)).toEqual(ALPHABETICAL);
    expect(JSON.parse(snapshot!.json).products.map((p: { name: string }) => p.name)).toEqual(ALPHABETICAL);
  });

  it("the PDF", async () => {
    const store = await getStoreByUsername(database.db, shop.username);
    const list = await buildPriceList(database.db, store!);
    const text = pdfText(await renderPriceListPdf(list, "mk", new Date("2026-11-20T08:00:00Z")));
    expect(namesIn(text)).toEqual(ALPHABETICAL);
  });

  it("the key in JavaScript equals the database's, and sorts the same", async () => {
    const rows = await database.db
      .select({ name: product.name, key: product.nameOrder })
      .from(product)
      .where(eq(product.storeId, shop.storeId));
    for (const row of rows) expect(row.key, row.name).toBe(nameOrderKey(row.name));
    expect([...ALPHABETICAL].reverse().sort(compareNames)).toEqual(ALPHABETICAL);
  });
});
