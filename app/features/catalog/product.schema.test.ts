import { describe, expect, it } from "vitest";
import { productSchema } from "./product.schema";

const valid = {
  name: "Кафе Гранд Голд 200 г",
  price: "189,90",
  vatRate: "10",
  unit: "piece",
  availability: "in_stock",
  status: "active",
};

function problems(overrides: Record<string, string>) {
  const result = productSchema.safeParse({ ...valid, ...overrides });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("product rules (PRODUCT.md)", () => {
  it("accepts a price with a decimal comma or point and keeps integer cents", () => {
    expect(productSchema.parse(valid).price).toBe(18990);
    expect(productSchema.parse({ ...valid, price: "189.90" }).price).toBe(18990);
    expect(productSchema.parse({ ...valid, price: "1.200,50" }).price).toBe(120050);
  });

  it("requires a name of at most 255 characters", () => {
    expect(problems({ name: "  " })).toEqual({ name: "validation:required" });
    expect(problems({ name: "x".repeat(256) })).toEqual({ name: "validation:tooLong" });
    expect(problems({ name: "x".repeat(255) })).toEqual({});
  });

  it("requires a valid, non-negative price", () => {
    expect(problems({ price: "" })).toEqual({ price: "validation:required" });
    expect(problems({ price: "abc" })).toEqual({ price: "validation:priceInvalid" });
    expect(problems({ price: "-5" })).toEqual({ price: "validation:notNegative" });
    expect(problems({ price: "0" })).toEqual({});
  });

  it("requires a non-negative whole quantity", () => {
    expect(problems({ quantity: "-1" })).toEqual({ quantity: "validation:notNegative" });
    expect(problems({ quantity: "1,5" })).toEqual({ quantity: "validation:wholeNumber" });
    expect(productSchema.parse({ ...valid, quantity: "" }).quantity).toBe(0);
  });

  it("accepts only the listed VAT rates and units", () => {
    expect(problems({ vatRate: "20" })).toEqual({ vatRate: "validation:vatInvalid" });
    expect(problems({ unit: "tonne" })).toEqual({ unit: "validation:unitInvalid" });
    expect(productSchema.parse({ ...valid, vatRate: "none" }).vatRate).toBe("none");
  });

  it("checks the EAN checksum", () => {
    expect(problems({ barcode: "5310000000001" })).toEqual({ barcode: "validation:barcodeInvalid" });
    expect(problems({ barcode: "4006381333931" })).toEqual({});
    expect(problems({ barcode: "96385074" })).toEqual({});
  });

  it("needs a unit for a net quantity and a regular price not below the selling price", () => {
    expect(problems({ netQuantity: "500" })).toEqual({ netUnit: "validation:netUnitRequired" });
    expect(problems({ netQuantity: "0", netUnit: "g" })).toEqual({
      netQuantity: "validation:quantityInvalid",
    });
    expect(productSchema.parse({ ...valid, netQuantity: "0,5", netUnit: "kg" }).netQuantity).toBe(500);
    expect(problems({ regularPrice: "150" })).toEqual({ regularPrice: "validation:regularBelowPrice" });
    expect(productSchema.parse({ ...valid, regularPrice: "229,90" }).regularPrice).toBe(22990);
  });

  it("takes the unit from a net quantity typed with one", () => {
    const typed = (netQuantity: string, netUnit = "") => {
      const { netQuantity: milli, netUnit: unit } = productSchema.parse({ ...valid, netQuantity, netUnit });
      return { milli, unit };
    };
    expect(typed("500 г")).toEqual({ milli: 500_000, unit: "g" });
    expect(typed("1,5 л")).toEqual({ milli: 1_500, unit: "l" });
    expect(typed("500g")).toEqual({ milli: 500_000, unit: "g" });
    expect(typed("1.5 l")).toEqual({ milli: 1_500, unit: "l" });
    expect(typed("750 мл")).toEqual({ milli: 750_000, unit: "ml" });
    // The unit written in the text is what the owner meant, over a select left on another unit.
    expect(typed("2 кг", "g")).toEqual({ milli: 2_000, unit: "kg" });
    expect(typed("500", "g")).toEqual({ milli: 500_000, unit: "g" });
    expect(problems({ netQuantity: "500 кутии" })).toEqual({ netQuantity: "validation:netUnitUnknown" });
    expect(problems({ netQuantity: "0 г" })).toEqual({ netQuantity: "validation:quantityInvalid" });
  });
});
