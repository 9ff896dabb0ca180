import { describe, expect, it } from "vitest";
import { AVAILABILITIES, NET_UNITS, SALE_UNITS, VAT_RATES } from "~/db/schema/catalog-enums";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "~/features/demo/demo-products";
import { demoAlbanian } from "~/features/demo/demo-products-sq";
import { isValidEan } from "~/lib/barcode";
import { MAX_MONEY_CENTS, unitPriceCents } from "~/lib/money";
import { searchKey } from "~/lib/transliterate";

describe("demo catalogue", () => {
  it("has a full store's worth of products in 8–10 distinct categories", () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(60);
    expect(DEMO_CATEGORIES.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_CATEGORIES.length).toBeLessThanOrEqual(10);
    expect(new Set(DEMO_CATEGORIES).size).toBe(DEMO_CATEGORIES.length);
  });

  it("puts every product in a known category and uses every category", () => {
    const known = new Set<string>(DEMO_CATEGORIES);
    for (const product of DEMO_PRODUCTS) expect(known.has(product.category), product.name).toBe(true);
    expect(new Set(DEMO_PRODUCTS.map((product) => product.category))).toEqual(known);
  });

  it("has unique names that fit the name column and are written in Cyrillic", () => {
    const names = DEMO_PRODUCTS.map((product) => product.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names.map(searchKey)).size).toBe(names.length);
    for (const name of names) {
      expect(name.length).toBeGreaterThan(0);
      expect(name.length).toBeLessThanOrEqual(255);
      expect(name).toBe(name.trim());
      expect(name).toMatch(/[\u0400-\u04ff]/);
    }
  });

  it("has an Albanian name for every product, in Latin letters, and an Albanian description", () => {
    const names = DEMO_PRODUCTS.map((product) => demoAlbanian(product).nameSq);
    expect(new Set(names).size).toBe(names.length);
    for (const product of DEMO_PRODUCTS) {
      const { nameSq, descriptionSq } = demoAlbanian(product);
      expect(nameSq, product.name).not.toMatch(/[\u0400-\u04ff]/);
      expect(nameSq.length, product.name).toBeLessThanOrEqual(255);
      expect(descriptionSq, product.name).toMatch(/^[^\u0400-\u04ff]+$/);
    }
  });

  it("has positive integer prices, with promotions below the regular price", () => {
    for (const product of DEMO_PRODUCTS) {
      expect(Number.isInteger(product.priceCents), product.name).toBe(true);
      expect(product.priceCents, product.name).toBeGreaterThan(0);
      expect(product.priceCents, product.name).toBeLessThanOrEqual(MAX_MONEY_CENTS);
      if (product.regularPriceCents !== null) {
        expect(Number.isInteger(product.regularPriceCents), product.name).toBe(true);
        expect(product.regularPriceCents, product.name).toBeGreaterThan(product.priceCents);
      }
    }
    const discounted = DEMO_PRODUCTS.filter((product) => product.regularPriceCents !== null);
    expect(discounted.length).toBeGreaterThanOrEqual(8);
    expect(discounted.length).toBeLessThanOrEqual(14);
  });

  it("uses only the enum values the database accepts", () => {
    for (const product of DEMO_PRODUCTS) {
      expect(VAT_RATES, product.name).toContain(product.vatRate);
      expect(SALE_UNITS, product.name).toContain(product.unit);
      expect(AVAILABILITIES, product.name).toContain(product.availability);
      if (product.netUnit !== null) expect(NET_UNITS, product.name).toContain(product.netUnit);
    }
  });

  it("gives packaged goods a net quantity with a unit price, and weighs loose goods per kg", () => {
    for (const product of DEMO_PRODUCTS) {
      expect(product.netQuantityMilli === null, product.name).toBe(product.netUnit === null);
      if (product.unit === "kg") {
        expect(product.netQuantityMilli, product.name).toBeNull();
      } else {
        expect(Number.isInteger(product.netQuantityMilli), product.name).toBe(true);
        expect(product.netQuantityMilli, product.name).toBeGreaterThan(0);
        expect(unitPriceCents(product.priceCents, product.netQuantityMilli, product.netUnit)).not.toBeNull();
      }
    }
    expect(DEMO_PRODUCTS.filter((product) => product.unit === "kg").length).toBeGreaterThanOrEqual(5);
  });

  it("has stock counts that agree with availability, and a few items out of stock", () => {
    for (const product of DEMO_PRODUCTS) {
      expect(Number.isInteger(product.quantity), product.name).toBe(true);
      expect(product.quantity, product.name).toBeGreaterThanOrEqual(0);
      if (product.availability === "in_stock") expect(product.quantity, product.name).toBeGreaterThan(0);
    }
    const outOfStock = DEMO_PRODUCTS.filter((product) => product.availability === "out_of_stock");
    expect(outOfStock.length).toBeGreaterThanOrEqual(2);
    expect(outOfStock.length).toBeLessThanOrEqual(6);
  });

  it("gives about half the products a valid, unique Macedonian EAN-13", () => {
    const barcodes = DEMO_PRODUCTS.flatMap((product) => (product.barcode === null ? [] : [product.barcode]));
    expect(barcodes.length).toBeGreaterThanOrEqual(DEMO_PRODUCTS.length * 0.4);
    expect(barcodes.length).toBeLessThanOrEqual(DEMO_PRODUCTS.length * 0.6);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    for (const barcode of barcodes) {
      expect(isValidEan(barcode), barcode).toBe(true);
      expect(barcode, barcode).toMatch(/^531\d{10}$/);
    }
  });

  it("uses the food VAT rates for food and 18 % for the rest", () => {
    for (const product of DEMO_PRODUCTS) {
      if (["Хигиена", "Домаќинство"].includes(product.category)) {
        expect(product.vatRate, product.name).toBe("18");
      }
      if (
        ["Млечни производи", "Леб и пекара", "Овошје и зеленчук", "Месо и колбаси"].includes(product.category)
      ) {
        expect(product.vatRate, product.name).toBe("5");
      }
    }
  });
});
