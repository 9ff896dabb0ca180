import { describe, expect, it } from "vitest";
import { parseDiscountDuration, parseDiscountType } from "./discount";

describe("the discount columns of the 9-column template", () => {
  it("reads the law's type of a sales incentive in mk, sq and en, Cyrillic or Latin", () => {
    expect(parseDiscountType("Акциска продажба")).toBe("sales_action");
    expect(parseDiscountType("akciska prodazba")).toBe("sales_action");
    expect(parseDiscountType("Попуст")).toBe("sales_action");
    expect(parseDiscountType("Распродажба")).toBe("clearance");
    expect(parseDiscountType("Shitje likuidimi")).toBe("clearance");
    expect(parseDiscountType("Промотивна продажба")).toBe("promotional_sale");
    expect(parseDiscountType("Сезонско намалување")).toBe("seasonal");
    expect(parseDiscountType("Ulje sezonale")).toBe("seasonal");
    expect(parseDiscountType("Стока пред истек на рокот")).toBe("near_expiry");
    expect(parseDiscountType("Goods with defects")).toBe("defective_goods");
    expect(parseDiscountType("Петок")).toBeNull();
    expect(parseDiscountType(null)).toBeNull();
  });

  it("reads a duration as two dates, one last day, or a number of days, from the import's day", () => {
    const today = "2026-11-22";
    expect(parseDiscountDuration("01.12.2026 - 31.12.2026", today)).toEqual({
      startsOn: "2026-12-01",
      endsOn: "2026-12-31",
    });
    expect(parseDiscountDuration("од 1.12. до 31.12.", today)).toEqual({
      startsOn: "2026-12-01",
      endsOn: "2026-12-31",
    });
    expect(parseDiscountDuration("25.12. – 25.01.", today)).toEqual({
      startsOn: "2026-12-25",
      endsOn: "2027-01-25",
    });
    expect(parseDiscountDuration("2026-12-01/2026-12-07", today)).toEqual({
      startsOn: "2026-12-01",
      endsOn: "2026-12-07",
    });
    expect(parseDiscountDuration("до 30.11.2026", today)).toEqual({ startsOn: today, endsOn: "2026-11-30" });
    expect(parseDiscountDuration("2026-11-30", today)).toEqual({ startsOn: today, endsOn: "2026-11-30" });
    expect(parseDiscountDuration("14 дена", today)).toEqual({ startsOn: today, endsOn: "2026-12-05" });
    expect(parseDiscountDuration(7, today)).toEqual({ startsOn: today, endsOn: "2026-11-28" });
    expect(parseDiscountDuration(null, today)).toEqual({ startsOn: today, endsOn: "2026-12-21" });
  });

  it("refuses a duration it cannot read or that ends before it starts", () => {
    const today = "2026-11-22";
    expect(parseDiscountDuration("31.12.2026 - 01.12.2026", today)).toBeNull();
    expect(parseDiscountDuration("31.02.2026 - 05.03.2026", today)).toBeNull();
    expect(parseDiscountDuration("следниот месец", today)).toBeNull();
    expect(parseDiscountDuration("0 дена", today)).toBeNull();
  });
});
