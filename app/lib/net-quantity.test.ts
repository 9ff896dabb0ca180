import { describe, expect, it } from "vitest";
import { unitPriceCents } from "./money";
import { parseNetQuantity } from "./net-quantity";

// Decision 0031: the hint says "e.g. 500 г or 1,5 л", and exactly that was refused.

describe("parseNetQuantity", () => {
  it.each([
    ["500 г", 500_000, "g"],
    ["500г", 500_000, "g"],
    ["500 гр.", 500_000, "g"],
    ["500g", 500_000, "g"],
    ["500 G", 500_000, "g"],
    ["1,5 л", 1_500, "l"],
    ["1.5 l", 1_500, "l"],
    ["1.5l", 1_500, "l"],
    ["2 кг", 2_000, "kg"],
    ["0,25 kg", 250, "kg"],
    ["750 мл", 750_000, "ml"],
    ["750ml", 750_000, "ml"],
    ["33 cl", 330_000, "ml"],
    ["1 ком", 1_000, "piece"],
    ["6 copë", 6_000, "piece"],
    ["2 м", 2_000, "m"],
    ["1,5 м²", 1_500, "m2"],
    ["1,5 m2", 1_500, "m2"],
    ["1 000 г", 1_000_000, "g"],
    ["1\u00a0000\u00a0г", 1_000_000, "g"],
  ] as const)("%s is %i thousandths of %s", (input, milli, unit) => {
    expect(parseNetQuantity(input)).toEqual({ milli, unit });
  });

  it("a number without a unit keeps the unit chosen elsewhere", () => {
    expect(parseNetQuantity("500")).toEqual({ milli: 500_000, unit: null });
    expect(parseNetQuantity("0,5")).toEqual({ milli: 500, unit: null });
  });

  it("an unknown unit and a garbled number are told apart", () => {
    expect(parseNetQuantity("500 кутии")).toEqual({ error: "unit" });
    expect(parseNetQuantity("5 пар")).toEqual({ error: "unit" });
    expect(parseNetQuantity("г")).toEqual({ error: "number" });
    expect(parseNetQuantity("1,2,3 г")).toEqual({ error: "number" });
    expect(parseNetQuantity("-5 г")).toEqual({ error: "number" });
    expect(parseNetQuantity("пет грама")).toEqual({ error: "number" });
    expect(parseNetQuantity("1.5.1 l")).toEqual({ error: "number" });
  });

  it("the unit price follows from what was typed: 120 den for 500 г is 240 den per kg", () => {
    const parsed = parseNetQuantity("500 г");
    if ("error" in parsed) throw new Error("not parsed");
    expect(unitPriceCents(12_000, parsed.milli, parsed.unit)).toEqual({ cents: 24_000, per: "kg" });
    const litres = parseNetQuantity("1,5 л");
    if ("error" in litres) throw new Error("not parsed");
    expect(unitPriceCents(9_000, litres.milli, litres.unit)).toEqual({ cents: 6_000, per: "l" });
  });
});
