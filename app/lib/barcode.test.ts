import { describe, expect, it } from "vitest";
import { eanCheckDigit, isValidEan } from "~/lib/barcode";

describe("isValidEan", () => {
  it.each([
    "4006381333931", // GS1's own EAN-13 example
    "5310001000004",
    "3800065711135",
    "5449000000996", // Coca-Cola 0,33 l
    "96385074", // EAN-8 example
    "40170725",
    "00000000",
  ])("accepts %s", (code) => {
    expect(isValidEan(code)).toBe(true);
  });

  it.each([
    ["4006381333932", "wrong check digit"],
    ["4006381333913", "swapped digits"],
    ["96385075", "wrong EAN-8 check digit"],
    ["400638133393", "12 digits (UPC-A length)"],
    ["40063813339311", "14 digits"],
    ["400638133393a", "letter"],
    [" 4006381333931", "leading space"],
    ["", "empty"],
    ["١٢٣٤٥٦٧٨", "non-ASCII digits"],
  ])("rejects %s (%s)", (code) => {
    expect(isValidEan(code)).toBe(false);
  });
});

describe("eanCheckDigit", () => {
  it("computes the GS1 check digit", () => {
    expect(eanCheckDigit("400638133393")).toBe(1);
    expect(eanCheckDigit("9638507")).toBe(4);
    expect(eanCheckDigit("531000100000")).toBe(4);
  });

  it("refuses non-digits", () => {
    expect(() => eanCheckDigit("12a")).toThrow(RangeError);
  });
});
