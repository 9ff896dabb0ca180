import { describe, expect, it } from "vitest";
import {
  formatMoney,
  formatMoneyInput,
  formatQuantity,
  MAX_MONEY_CENTS,
  parseMoney,
  parseQuantity,
  unitPriceCents,
} from "~/lib/money";

const NBSP = "\u00a0";

describe("parseMoney", () => {
  it.each([
    ["1200", 120_000],
    ["1200,5", 120_050],
    ["1200,50", 120_050],
    ["1200.50", 120_050],
    ["1.200,50", 120_050],
    ["1,200.50", 120_050],
    ["1 200,50", 120_050],
    [`1${NBSP}200,50`, 120_050],
    ["1\u202f200,50", 120_050],
    ["1 200.5", 120_050],
    ["  89,90  ", 8990],
    ["0,05", 5],
    ["0", 0],
    ["007", 700],
    ["1.20", 120],
    ["1,2", 120],
    ["1.200", 120_000],
    ["1,200", 120_000],
    ["12.345", 1_234_500],
    ["1.200.000", 120_000_000],
    ["1,200,000.99", 120_000_099],
    ["1.200.000,99", 120_000_099],
    ["1200 ден", 120_000],
    ["1200ден.", 120_000],
    ["1200 ДЕН", 120_000],
    ["1200 den", 120_000],
    ["1200 MKD", 120_000],
    ["1200mkd", 120_000],
    ["MKD 1,200.00", 120_000],
  ])("%j → %i cents", (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it("reads back what formatMoney prints in every locale", () => {
    for (const locale of ["mk", "en", "sq"] as const) {
      for (const cents of [0, 5, 8990, 120_050, 123_456_789, -550]) {
        expect(parseMoney(formatMoney(cents, locale))).toBe(cents);
      }
    }
  });

  it("returns negative amounts so the schema can reject them with its own message", () => {
    expect(parseMoney("-5")).toBe(-500);
    expect(parseMoney("-1.200,50 ден.")).toBe(-120_050);
    expect(parseMoney("\u221212,30")).toBe(-1230);
    expect(parseMoney("-0")).toBe(0);
    expect(Object.is(parseMoney("-0"), -0)).toBe(false);
  });

  it.each([
    "",
    "   ",
    "ден",
    "abc",
    "12a",
    "1e3",
    "0x10",
    "Infinity",
    "--5",
    "5-",
    "1200,",
    ",50",
    ".5",
    "1200,505",
    "1.234.56",
    "1,2,3",
    "1.2.3",
    "12 00",
    "1 200,500",
    "1.200.50,5.5",
    "0,500",
    "1234.567",
    "1,200,50",
    "1 200.000,50",
    "١٢٠٠",
    "1200 EUR",
    "$1200",
  ])("%j is not a price", (input) => {
    expect(parseMoney(input)).toBeNull();
  });

  it("caps amounts at MAX_MONEY_CENTS", () => {
    expect(parseMoney("1000000000")).toBe(MAX_MONEY_CENTS);
    expect(parseMoney("1000000000,01")).toBeNull();
    expect(parseMoney("99999999999999999999")).toBeNull();
    expect(parseMoney("-1000000000,01")).toBeNull();
  });

  it("is exact where floats are not", () => {
    // parseFloat("1.15") * 100 === 114.99999999999999
    expect(parseMoney("1,15")).toBe(115);
    expect(parseMoney("4.35")).toBe(435);
    expect(parseMoney("999999999,99")).toBe(99_999_999_999);
  });
});

describe("formatMoney", () => {
  it("uses the interface locale, with U+00A0 before the currency", () => {
    expect(formatMoney(120_000, "mk")).toBe(`1.200,00${NBSP}ден.`);
    expect(formatMoney(120_000, "en")).toBe(`MKD${NBSP}1,200.00`);
    expect(formatMoney(120_000, "sq")).toBe(`1200,00${NBSP}den`);
  });

  it("prints cents exactly", () => {
    expect(formatMoney(5, "mk")).toBe(`0,05${NBSP}ден.`);
    expect(formatMoney(8990, "mk")).toBe(`89,90${NBSP}ден.`);
    expect(formatMoney(99_999_999_999, "en")).toBe(`MKD${NBSP}999,999,999.99`);
    expect(formatMoney(-550, "mk")).toBe(`-5,50${NBSP}ден.`);
  });

  it("refuses non-integer cents instead of rounding silently", () => {
    expect(() => formatMoney(12.5, "mk")).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, "mk")).toThrow(RangeError);
  });
});

describe("formatMoneyInput", () => {
  it("gives a plain value without grouping", () => {
    expect(formatMoneyInput(120_050, "mk")).toBe("1200,50");
    expect(formatMoneyInput(120_050, "sq")).toBe("1200,50");
    expect(formatMoneyInput(120_050, "en")).toBe("1200.50");
    expect(formatMoneyInput(120_000, "mk")).toBe("1200,00");
    expect(formatMoneyInput(5, "en")).toBe("0.05");
    expect(formatMoneyInput(-5, "mk")).toBe("-0,05");
    expect(formatMoneyInput(null, "mk")).toBe("");
  });

  it("round-trips through parseMoney", () => {
    for (const cents of [0, 1, 99, 100, 8990, 120_050, 12_345_678_901]) {
      expect(parseMoney(formatMoneyInput(cents, "mk"))).toBe(cents);
      expect(parseMoney(formatMoneyInput(cents, "en"))).toBe(cents);
    }
  });
});

describe("unitPriceCents", () => {
  it("prices grams and kilograms per kg", () => {
    // 89,90 den for 500 g → 179,80 den/kg
    expect(unitPriceCents(8990, 500_000, "g")).toEqual({ cents: 17_980, per: "kg" });
    expect(unitPriceCents(8990, 500, "kg")).toEqual({ cents: 17_980, per: "kg" });
    expect(unitPriceCents(29_000, 680_000, "g")).toEqual({ cents: 42_647, per: "kg" });
  });

  it("prices millilitres and litres per l", () => {
    expect(unitPriceCents(11_000, 250_000, "ml")).toEqual({ cents: 44_000, per: "l" });
    expect(unitPriceCents(3900, 1500, "l")).toEqual({ cents: 2600, per: "l" });
  });

  it("prices m, m² and pieces per one of them", () => {
    expect(unitPriceCents(12_000, 10_000, "m")).toEqual({ cents: 1200, per: "m" });
    expect(unitPriceCents(99_900, 2500, "m2")).toEqual({ cents: 39_960, per: "m2" });
    expect(unitPriceCents(15_500, 10_000, "piece")).toEqual({ cents: 1550, per: "piece" });
  });

  it("rounds once, half away from zero", () => {
    // 100 cents for 3 pieces = 33.33… → 33; 200 for 3 = 66.67 → 67; 1 cent for 2 = 0.5 → 1
    expect(unitPriceCents(100, 3000, "piece")?.cents).toBe(33);
    expect(unitPriceCents(200, 3000, "piece")?.cents).toBe(67);
    expect(unitPriceCents(1, 2000, "piece")?.cents).toBe(1);
    expect(unitPriceCents(3, 2000, "piece")?.cents).toBe(2);
  });

  it("stays exact where price × scale leaves the float-safe range", () => {
    // 12345678901 × 10⁶ / 7000 = 1763668414428.57… (the product alone exceeds 2⁵³)
    expect(unitPriceCents(12_345_678_901, 7000, "g")).toEqual({ cents: 1_763_668_414_429, per: "kg" });
    expect(unitPriceCents(-200, 3000, "piece")?.cents).toBe(-67);
  });

  it("is null without a usable net quantity", () => {
    expect(unitPriceCents(8990, null, "g")).toBeNull();
    expect(unitPriceCents(8990, 500_000, null)).toBeNull();
    expect(unitPriceCents(8990, 0, "g")).toBeNull();
    expect(unitPriceCents(8990, -5, "g")).toBeNull();
    expect(unitPriceCents(8990, 1.5, "l")).toBeNull();
  });
});

describe("parseQuantity", () => {
  it.each([
    ["0,5", 500],
    ["0.5", 500],
    ["1.5", 1500],
    ["1,25", 1250],
    ["0,125", 125],
    ["500", 500_000],
    ["1.500", 1500],
    ["1 000", 1_000_000],
    [" 2 ", 2000],
    ["0", 0],
  ])("%j → %i", (input, milli) => {
    expect(parseQuantity(input)).toBe(milli);
  });

  it.each(["", "abc", "-1", "0,1234", "1.000,5", "1,5,0", ",5", "5,", "1e3", "12 34"])(
    "%j is not a quantity",
    (input) => {
      expect(parseQuantity(input)).toBeNull();
    },
  );
});

describe("formatQuantity", () => {
  it("trims trailing zeros and never groups thousands", () => {
    expect(formatQuantity(500, "mk")).toBe("0,5");
    expect(formatQuantity(500, "en")).toBe("0.5");
    expect(formatQuantity(1250, "sq")).toBe("1,25");
    expect(formatQuantity(500_000, "mk")).toBe("500");
    expect(formatQuantity(1_500_000, "mk")).toBe("1500");
    expect(formatQuantity(125, "en")).toBe("0.125");
    expect(formatQuantity(null, "mk")).toBe("");
  });

  it("round-trips through parseQuantity", () => {
    for (const milli of [1, 125, 500, 1500, 680_000, 1_000_000]) {
      expect(parseQuantity(formatQuantity(milli, "mk"))).toBe(milli);
      expect(parseQuantity(formatQuantity(milli, "en"))).toBe(milli);
    }
  });
});

describe("formatMoney against full ICU", () => {
  // Node ships full ICU; browsers do not (that is why formatMoney does not use Intl). The two must agree.
  const tags = { mk: "mk-MK", en: "en", sq: "sq-MK" } as const;
  it("prints what Intl prints in Node for many amounts", () => {
    const amounts = [0, 1, 99, 100, 12_345, 99_999, 100_000, 999_999, 1_000_000, 123_456_789, 9_999_999_999];
    for (let i = 0; i < 200; i++) amounts.push(Math.floor(Math.random() * 1e10));
    for (const cents of amounts) {
      for (const locale of ["mk", "en", "sq"] as const) {
        const intl = new Intl.NumberFormat(tags[locale], { style: "currency", currency: "MKD" });
        expect(formatMoney(cents, locale)).toBe(intl.format(cents / 100));
      }
    }
  });
});
