import { describe, expect, it } from "vitest";
import { formatPhoneNational, parseMkPhone } from "~/lib/phone";

describe("parseMkPhone", () => {
  it.each([
    ["071 234 567", "+38971234567", "071 234 567"],
    ["070/123-456", "+38970123456", "070 123 456"],
    ["075 123 456", "+38975123456", "075 123 456"],
    ["078123456", "+38978123456", "078 123 456"],
    ["+389 71 234 567", "+38971234567", "071 234 567"],
    ["00389 71 234 567", "+38971234567", "071 234 567"],
    ["+389 (0) 71 234 567", "+38971234567", "071 234 567"],
    ["\u00a0071\u00a0234\u00a0567 ", "+38971234567", "071 234 567"],
  ])("mobile %j → %s", (input, e164, national) => {
    expect(parseMkPhone(input)).toEqual({ e164, national, type: "mobile" });
  });

  it.each([
    // Skopje: 02 + seven digits; libphonenumber groups it 02 XXX XXXX
    ["02 3222 333", "+38923222333", "02 322 2333"],
    ["(02) 3222-333", "+38923222333", "02 322 2333"],
    ["2 3222333", "+38923222333", "02 322 2333"],
    ["+389 2 3222 333", "+38923222333", "02 322 2333"],
    // the specification's own example: Skopje's older six-digit form, with or without the trunk 0
    ["2 333222", "+3892333222", "02 333 222"],
    ["02 333 222", "+3892333222", "02 333 222"],
    ["+389 2 333 222", "+3892333222", "02 333 222"],
    // other towns: 0XX + six digits
    ["046 261 234", "+38946261234", "046 261 234"],
    ["031/412-345", "+38931412345", "031 412 345"],
    ["034 212 345", "+38934212345", "034 212 345"],
    ["047 212 345", "+38947212345", "047 212 345"],
  ])("fixed line %j → %s", (input, e164, national) => {
    expect(parseMkPhone(input)).toEqual({ e164, national, type: "fixed" });
  });

  it.each([
    ["", "empty"],
    ["   ", "blank"],
    ["2 033222", "Skopje six-digit number starting with 0"],
    ["2 33322", "Skopje number two digits short"],
    ["3222333", "no area code"],
    ["071 234 56", "mobile one digit short"],
    ["071 234 5678", "mobile one digit long"],
    ["079 123 456", "unassigned mobile range"],
    ["046 123 456", "unassigned Ohrid range"],
    ["080 123 456", "shared-cost number"],
    ["0800 12345", "toll-free number"],
    ["050 123 456", "premium-rate number"],
    ["+381 11 123 4567", "Serbian number"],
    ["+49 30 123456", "German number"],
    ["+1 202 555 0123", "US number"],
    ["071 ABC 567", "letters"],
    ["02 3222 333a", "trailing letter"],
    ["071 234 567 ext. 12", "extension"],
    ["071+234567", "plus in the middle"],
    ["tel:+38971234567", "URI"],
    ["1".repeat(40), "far too long"],
  ])("rejects %j (%s)", (input) => {
    expect(parseMkPhone(input)).toBeNull();
  });
});

describe("formatPhoneNational", () => {
  it("shows stored E.164 numbers the Macedonian way", () => {
    expect(formatPhoneNational("+38971234567")).toBe("071 234 567");
    expect(formatPhoneNational("+38923222333")).toBe("02 322 2333");
    expect(formatPhoneNational("+38946261234")).toBe("046 261 234");
    expect(formatPhoneNational("+3892333222")).toBe("02 333 222");
  });

  it("passes through what it cannot parse", () => {
    expect(formatPhoneNational("garbage")).toBe("garbage");
    expect(formatPhoneNational("")).toBe("");
  });

  it("round-trips with parseMkPhone", () => {
    for (const e164 of ["+38971234567", "+38923222333", "+38934212345", "+3892333222"]) {
      expect(parseMkPhone(formatPhoneNational(e164))?.e164).toBe(e164);
    }
  });
});
