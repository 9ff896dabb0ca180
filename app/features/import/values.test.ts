import { describe, expect, it } from "vitest";
import { AVAILABILITIES, SALE_UNITS, VAT_RATES } from "~/db/schema/catalog-enums";
import {
  detectDecimal,
  exportLabel,
  exportPrice,
  parseImportAvailability,
  parseImportPrice,
  parseImportQuantity,
  parseImportUnit,
  parseImportVat,
} from "./values";

describe("import values", () => {
  it("reads prices with decimal comma or point and thousands separators", () => {
    expect(parseImportPrice("1.234,50")).toBe(123450);
    expect(parseImportPrice("1 234,50")).toBe(123450);
    expect(parseImportPrice("1,234.50")).toBe(123450);
    expect(parseImportPrice("89,9 ден.")).toBe(8990);
    expect(parseImportPrice(1234.5)).toBe(123450);
    expect(parseImportPrice(0.1 + 0.2)).toBe(30);
    expect(parseImportPrice("abc")).toBeNull();
    expect(parseImportPrice(1.005)).toBeNull();
  });

  it("uses the file's decimal mark where a value alone is ambiguous", () => {
    expect(parseImportPrice("1.234,50", ",")).toBe(123450);
    expect(parseImportPrice("120,000", ",")).toBe(12000);
    expect(parseImportPrice("1.200", ",")).toBe(120000);
    expect(parseImportPrice("1,234.50", ".")).toBe(123450);
    expect(parseImportPrice("1.234", ".")).toBeNull();
    expect(parseImportPrice("12.5", ".")).toBe(1250);
    expect(parseImportPrice("89,90 ден.", ",")).toBe(8990);
    expect(parseImportPrice("1.2.3", ",")).toBeNull();
  });

  it("detects the decimal mark of a column", () => {
    expect(detectDecimal(["1.200", "89,90", "12"])).toBe(",");
    expect(detectDecimal(["1,200.50", "3.5"])).toBe(".");
    expect(detectDecimal(["1.200", 12])).toBeNull();
  });

  it("reads whole quantities", () => {
    expect(parseImportQuantity("12")).toBe(12);
    expect(parseImportQuantity("12,000")).toBe(12);
    expect(parseImportQuantity("1.000")).toBe(1000);
    expect(parseImportQuantity("1,000", ".")).toBe(1000);
    expect(parseImportQuantity(7)).toBe(7);
    expect(parseImportQuantity("1,5")).toBeNull();
    expect(parseImportQuantity(-1)).toBeNull();
  });

  it("reads VAT, units and availability as people and POS programs write them", () => {
    expect(parseImportVat("18%")).toBe("18");
    expect(parseImportVat("5")).toBe("5");
    expect(parseImportVat(0.05)).toBe("5");
    expect(parseImportVat(18)).toBe("18");
    expect(parseImportVat("18,00")).toBe("18");
    expect(parseImportVat("Без ДДВ")).toBe("none");
    expect(parseImportVat("7")).toBeNull();
    expect(parseImportUnit("КОМ")).toBe("piece");
    expect(parseImportUnit("kg")).toBe("kg");
    expect(parseImportUnit("Литар")).toBe("l");
    expect(parseImportUnit("bucket")).toBeNull();
    expect(parseImportAvailability("На залиха")).toBe("in_stock");
    expect(parseImportAvailability("da")).toBe("in_stock");
    expect(parseImportAvailability("Nuk ka në stok")).toBe("out_of_stock");
    expect(parseImportAvailability("по нарачка")).toBe("on_order");
    expect(parseImportAvailability("maybe")).toBeNull();
  });

  it("writes export cells that read back to the same values in every locale", () => {
    for (const locale of ["mk", "en", "sq"] as const) {
      for (const code of VAT_RATES) expect(parseImportVat(exportLabel("vatRate", code, locale))).toBe(code);
      for (const code of SALE_UNITS) expect(parseImportUnit(exportLabel("unit", code, locale))).toBe(code);
      for (const code of AVAILABILITIES) {
        expect(parseImportAvailability(exportLabel("availability", code, locale))).toBe(code);
      }
      for (const cents of [0, 5, 8990, 123450, 100_000_000]) {
        const cell = exportPrice(cents, locale);
        expect(parseImportPrice(cell, detectDecimal([cell]))).toBe(cents);
      }
    }
    expect(exportPrice(123450, "mk")).toBe("1234,50");
    expect(exportPrice(null, "en")).toBe("");
  });
});
