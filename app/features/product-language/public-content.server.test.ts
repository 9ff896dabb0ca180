import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "~/features/catalog/product.server";
import { addProducts, productInput } from "~/features/catalog/product.test-support";
import { publicProductsQuery } from "~/features/catalog/public-products.queries.server";
import { categorySchema } from "~/features/categories/category.schema";
import { createCategory, renameCategory } from "~/features/categories/category.server";
import { getLiveFeed } from "~/features/feeds/feed.server";
import { buildPriceList } from "~/features/feeds/price-list.server";
import { fromJson, toJson } from "~/features/feeds/serialize";
import { renderPriceListPdf } from "~/features/pdf/price-list-pdf.server";
import { listPointsOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { getPointOfSalePage } from "~/features/points-of-sale/point-of-sale-page.server";
import { CatalogueCache } from "~/features/storefront/catalogue-cache.server";
import { productCardsHtml } from "~/features/storefront/product-cards-html";
import { getStorefront } from "~/features/storefront/storefront.server";
import { getStoreByUsername } from "~/features/stores/store.server";
import { listeningDatabaseForThisFile, settle } from "../../../tests/support/listening-db";
import { createTestStore } from "../../../tests/support/test-db";
import { setAlbanianContent } from "./albanian-content.server";

// Decision 0074: the public page, the feeds and the PDF in the reader's language where a translation
// exists, else Macedonian; both languages in the feeds; search by either name.

const { database, versions } = listeningDatabaseForThisFile();
const cache = new CatalogueCache(versions);

const LONG_SQ = "Qumësht i freskët i pasterizuar me yndyrë të plotë nga fermat e Pellagonisë 1 l";

async function bilingualStore() {
  const shop = await createTestStore(database);
  await setAlbanianContent(shop.ctx, true);
  await createProduct(
    shop.ctx,
    productInput({
      name: "Млеко свежо 1 л",
      description: "Пастеризирано млеко.",
      nameSq: LONG_SQ,
      descriptionSq: "Qumësht i pasterizuar.",
      vatRate: "5",
      netQuantity: "1",
      netUnit: "l",
    }),
  );
  // An Albanian name without an Albanian description: the description stays Macedonian.
  await createProduct(
    shop.ctx,
    productInput({ name: "Леб бел", description: "Се пече секое утро.", nameSq: "Bukë e bardhë" }),
  );
  // No Albanian texts at all: Macedonian for everyone.
  await createProduct(shop.ctx, productInput({ name: "Ајвар", description: "Домашен." }));
  // Script and a spreadsheet formula in the Albanian texts.
  await createProduct(
    shop.ctx,
    productInput({
      name: "Чаша",
      nameSq: '=HYPERLINK("http://x.test")<script>alert(1)</script>',
      descriptionSq: "+1 @x",
    }),
  );
  await settle();
  return shop;
}

const mkOrder = (text: string) =>
  ["Ајвар", "Леб бел", "Млеко свежо 1 л", "Чаша"].sort((a, b) => text.indexOf(a) - text.indexOf(b));

const names = (page: { products: { name: string }[] }) => page.products.map((p) => p.name);

describe("public paths in the reader's language", () => {
  for (const held of [true, false]) {
    it(`the page shows Albanian texts to an Albanian reader, Macedonian otherwise (${held ? "catalogue in memory" : "database"})`, async () => {
      const shop = await bilingualStore();
      const read = (locale: "mk" | "sq" | "en", q?: string) =>
        getStorefront(
          database.db,
          shop.username,
          { page: 1, locale, q },
          new Date(),
          held ? cache : undefined,
        );
      const sq = await read("sq");
      // In the order of the names an Albanian reader sees (decision 0074): punctuation, Latin, Cyrillic.
      expect(names(sq)).toEqual([
        '=HYPERLINK("http://x.test")<script>alert(1)</script>',
        "Bukë e bardhë",
        LONG_SQ,
        "Ајвар",
      ]);
      expect(sq.products.map((p) => p.description)).toEqual([
        "+1 @x",
        "Се пече секое утро.",
        "Qumësht i pasterizuar.",
        "Домашен.",
      ]);
      // Price sorts keep that name order among equal prices.
      expect(
        names(
          await getStorefront(
            database.db,
            shop.username,
            { page: 1, locale: "sq", sort: "price_asc" },
            new Date(),
            held ? cache : undefined,
          ),
        ),
      ).toEqual(names(sq));
      // Macedonian and English readers: Macedonian names in Macedonian order.
      expect(names(await read("mk"))).toEqual(["Ајвар", "Леб бел", "Млеко свежо 1 л", "Чаша"]);
      expect(names(await read("en"))).toEqual(["Ајвар", "Леб бел", "Млеко свежо 1 л", "Чаша"]);
      // Search finds either name, whatever the reader's language.
      expect(names(await read("mk", "bukë"))).toEqual(["Леб бел"]);
      expect(names(await read("sq", "qumesht"))).toEqual([LONG_SQ]);
      expect(names(await read("sq", "млеко"))).toEqual([LONG_SQ]);
      // Turned off: Macedonian for every reader, the Albanian texts kept for later.
      await setAlbanianContent(shop.ctx, false);
      await settle();
      expect(names(await read("sq"))).toEqual(["Ајвар", "Леб бел", "Млеко свежо 1 л", "Чаша"]);
    });
  }

  it("the cards escape an Albanian name's markup", async () => {
    const shop = await bilingualStore();
    const page = await getStorefront(database.db, shop.username, { page: 1, locale: "sq" });
    const labels = {
      locale: "sq" as const,
      availability: { in_stock: "Në stok", out_of_stock: "", on_order: "" },
      units: { piece: "copë" },
      regularPrice: "{{price}}",
      discount: "{{percent}} {{amount}}",
      unitPrice: "{{price}} {{unit}}",
      vat: "{{rate}}",
      vatIncluded: "",
      vatNone: "",
      report: "",
      reportLabel: "{{product}}",
      promotionTypes: {},
      promotion: "",
      priorPrice: "",
    };
    const markup = productCardsHtml(page.products, labels, (id) => `?report=${id}`);
    expect(markup).not.toContain("<script>");
    expect(markup).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("the feeds carry both languages as separate fields; the CSV keeps its columns and stays formula-safe", async () => {
    const shop = await bilingualStore();
    const feed = await getLiveFeed(database.db, shop.username);
    const json = JSON.parse(feed.json.toString("utf8"));
    const milk = json.products.find((p: { name: string }) => p.name === "Млеко свежо 1 л");
    expect(milk).toMatchObject({
      name: "Млеко свежо 1 л",
      description: "Пастеризирано млеко.",
      nameSq: LONG_SQ,
      descriptionSq: "Qumësht i pasterizuar.",
    });
    expect(json.products.find((p: { name: string }) => p.name === "Ајвар")).toMatchObject({
      nameSq: null,
      descriptionSq: null,
    });
    const [header, ...rows] = feed.csv.mk
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const columns = header!.split(",");
    // Every earlier column keeps its place: the id is still right after "Последна промена".
    expect(columns.slice(-5)).toEqual([
      "Последна промена",
      "Шифра (ID)",
      "Производ (албански)",
      "Опис (албански)",
      "Категорија (албански)",
    ]);
    expect(rows.find((row) => row.startsWith("Чаша"))).toMatch(
      /,"'=HYPERLINK\(""http:\/\/x\.test""\)<script>alert\(1\)<\/script>",'\+1 @x,$/,
    );
    expect(feed.csv.sq.toString("utf8").split("\r\n")[0]).toMatch(
      /,Produkti \(shqip\),Përshkrimi \(shqip\),Kategoria \(shqip\)$/,
    );
    // An archive written before Albanian content existed reads back without the keys.
    const list = await buildPriceList(database.db, (await getStoreByUsername(database.db, shop.username))!);
    const old = JSON.parse(toJson(list));
    for (const product of old.products) {
      delete product.nameSq;
      delete product.descriptionSq;
    }
    expect(fromJson(JSON.stringify(old)).products[0]).toMatchObject({ nameSq: null, descriptionSq: null });
  });

  it("a store without Albanian content publishes null Albanian fields, even for stored texts", async () => {
    const shop = await bilingualStore();
    await setAlbanianContent(shop.ctx, false);
    const feed = await getLiveFeed(database.db, shop.username);
    const json = JSON.parse(feed.json.toString("utf8"));
    expect(json.products.map((p: { nameSq: string | null }) => p.nameSq)).toEqual([null, null, null, null]);
  });

  it("the PDF follows its language: Albanian names in sq, Macedonian in mk", async () => {
    const shop = await bilingualStore();
    const list = await buildPriceList(database.db, (await getStoreByUsername(database.db, shop.username))!);
    const text = async (locale: "mk" | "sq") => {
      const dir = mkdtempSync(path.join(tmpdir(), "vitrina-pdf-"));
      writeFileSync(path.join(dir, "list.pdf"), await renderPriceListPdf(list, locale, new Date()));
      return execFileSync("pdftotext", [path.join(dir, "list.pdf"), "-"], { encoding: "utf8" }).replace(
        /\s+/g,
        " ",
      );
    };
    const sq = await text("sq");
    expect(sq).toContain("Bukë e bardhë");
    expect(sq).toContain("Qumësht i pasterizuar.");
    expect(sq).toContain("Се пече секое утро.");
    expect(sq).toContain("Ајвар");
    expect(sq).not.toContain("Леб бел");
    // Listed by the names it shows: Latin before Cyrillic.
    expect(sq.indexOf("Bukë e bardhë")).toBeLessThan(sq.indexOf("Ајвар"));
    expect(mkOrder(await text("mk"))).toEqual(["Ајвар", "Леб бел", "Млеко свежо 1 л", "Чаша"]);
    const mk = await text("mk");
    expect(mk).toContain("Леб бел");
    expect(mk).not.toContain("Bukë");
  });

  it("a search by the Albanian name is served by the trigram index", async () => {
    const shop = await bilingualStore();
    // A catalogue of a realistic size, so the planner weighs the index against a scan for real.
    await addProducts(
      shop.ctx,
      Array.from({ length: 3000 }, (_, i) => ({
        name: `Производ ${i + 1}`,
        description: `артикал ${((i + 1) * 7919) % 10007}`,
      })),
    );
    await database.db.execute(sql`analyze product`);
    const query = publicProductsQuery(database.db, shop.storeId, { filters: { q: "qumesht" } });
    const result = await database.db.execute(sql`explain ${query}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    const plan = rows.map((row) => Object.values(row)[0]).join("\n");
    expect(plan).toContain("product_search_trgm_idx");
    // An Albanian reader's first page is read in the order of its own index, without a sort.
    const page = publicProductsQuery(database.db, shop.storeId, { reader: "sq" }).limit(60);
    const pagePlan = await database.db.execute(sql`explain ${page}`);
    const pageRows = (Array.isArray(pagePlan) ? pagePlan : (pagePlan as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    expect(pageRows.map((row) => Object.values(row)[0]).join("\n")).toContain(
      "product_store_name_order_sq_idx",
    );
  });
});

describe("category names in the reader's language", () => {
  async function storeWithCategories() {
    const shop = await createTestStore(database);
    await setAlbanianContent(shop.ctx, true);
    const dairy = await createCategory(shop.ctx, { name: "Млечни производи", nameSq: "Produkte qumështi" });
    const bakery = await createCategory(shop.ctx, { name: "Пекара" });
    await createProduct(shop.ctx, productInput({ name: "Млеко", categoryId: dairy.id }));
    await createProduct(shop.ctx, productInput({ name: "Леб", nameSq: "Bukë", categoryId: bakery.id }));
    await settle();
    return { shop, dairy, bakery };
  }

  for (const held of [true, false]) {
    it(`the page's menu and cards show a category's Albanian name to an Albanian reader, else the Macedonian (${held ? "catalogue in memory" : "database"})`, async () => {
      const { shop } = await storeWithCategories();
      const read = (locale: "mk" | "sq") =>
        getStorefront(database.db, shop.username, { page: 1, locale }, new Date(), held ? cache : undefined);
      const sq = await read("sq");
      expect(sq.categories.map((c) => c.name)).toEqual(["Produkte qumështi", "Пекара"]);
      expect(sq.products.map((p) => [p.name, p.categoryName])).toEqual([
        ["Bukë", "Пекара"],
        ["Млеко", "Produkte qumështi"],
      ]);
      const mk = await read("mk");
      expect(mk.categories.map((c) => c.name)).toEqual(["Млечни производи", "Пекара"]);
      expect(mk.products.map((p) => p.categoryName)).toEqual(["Пекара", "Млечни производи"]);
      // Turned off: Macedonian for every reader.
      await setAlbanianContent(shop.ctx, false);
      await settle();
      expect((await read("sq")).categories.map((c) => c.name)).toEqual(["Млечни производи", "Пекара"]);
    });
  }

  it("the feeds carry the category's Albanian name as its own field and column; a point of sale's page shows it", async () => {
    const { shop } = await storeWithCategories();
    const feed = await getLiveFeed(database.db, shop.username);
    const json = JSON.parse(feed.json.toString("utf8"));
    expect(
      json.products.map((p: { category: string; categorySq: string | null }) => [p.category, p.categorySq]),
    ).toEqual([
      ["Пекара", null],
      ["Млечни производи", "Produkte qumështi"],
    ]);
    expect(feed.csv.mk.toString("utf8").split("\r\n")[2]).toMatch(/,Produkte qumështi$/);
    const [point] = await listPointsOfSale(shop.ctx);
    const page = await getPointOfSalePage(
      database.db,
      shop.username,
      point!.slug,
      { page: 1, locale: "sq" },
      new Date(),
    );
    expect(page.products.map((p) => p.categoryName)).toEqual(["Пекара", "Produkte qumështi"]);
  });

  it("renaming keeps the Albanian name unless one is posted; an empty one clears it", async () => {
    const { shop, dairy } = await storeWithCategories();
    expect(await renameCategory(shop.ctx, dairy.id, { name: "Млечно" })).toMatchObject({
      name: "Млечно",
      nameSq: "Produkte qumështi",
    });
    const cleared = categorySchema.parse({ name: "Млечно", nameSq: "  " });
    expect(await renameCategory(shop.ctx, dairy.id, cleared)).toMatchObject({ nameSq: null });
    expect(categorySchema.safeParse({ name: "Млечно", nameSq: "x".repeat(101) }).success).toBe(false);
  });
});
