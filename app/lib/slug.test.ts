import { describe, expect, it } from "vitest";
import { RESERVED_USERNAMES, suggestUsername, usernameProblem } from "~/lib/slug";

describe("suggestUsername", () => {
  it.each([
    ["Маркет Пела", "market-pela"],
    ["Žito Luks DOO", "zito-luks-doo"],
    ["Маркет Демо", "market-demo"],
    ["  Ѓорѓи & Синови — ДООЕЛ  ", "gjorgji-sinovi-dooel"],
    ["ЏЕЏЕ Шоп", "dzhedzhe-shop"],
    ["Kasapnica „Ćevap“ 2", "kasapnica-cevap-2"],
    ["Dyqani Çelësi Ëmbël", "dyqani-celesi-embel"],
    ["Млекара №1!!!", "mlekara-1"],
    ["---", ""],
    ["", ""],
  ])("%j → %j", (name, slug) => {
    expect(suggestUsername(name)).toBe(slug);
  });

  it("cuts to 40 characters without leaving a trailing hyphen", () => {
    const slug = suggestUsername("Трговско друштво за промет и услуги Маркет Пела ДООЕЛ Скопје");
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug).toBe("trgovsko-drushtvo-za-promet-i-uslugi-mar");
    // "aaaa…a b" where position 40 falls on the hyphen
    expect(suggestUsername(`${"a".repeat(40)} b`)).toBe("a".repeat(40));
    expect(suggestUsername(`${"a".repeat(39)} bcd`)).toBe("a".repeat(39));
  });

  it("suggests valid usernames for ordinary store names", () => {
    for (const name of ["Маркет Пела", "Žito Luks DOO", "Кафе бар Шеќерче", "Apteka Zegin"]) {
      expect(usernameProblem(suggestUsername(name))).toBeNull();
    }
  });
});

describe("usernameProblem", () => {
  it.each([
    ["market-pela", null],
    ["demo", null],
    ["abc", null],
    ["a1b", null],
    ["123", null],
    ["a".repeat(40), null],
    ["", "required"],
    ["   ", "required"],
    ["ab", "tooShort"],
    ["a".repeat(41), "tooLong"],
    ["Market", "invalidChars"],
    ["market pela", "invalidChars"],
    ["market_pela", "invalidChars"],
    ["маркет", "invalidChars"],
    ["žito", "invalidChars"],
    ["-market", "hyphens"],
    ["market-", "hyphens"],
    ["market--pela", "hyphens"],
    ["admin", "reserved"],
    ["api", "reserved"],
    ["dashboard", "reserved"],
    ["price-list", "reserved"],
    ["vitrina", "reserved"],
  ] as const)("%j → %j", (value, problem) => {
    expect(usernameProblem(value)).toBe(problem);
  });

  it("reserves the words PRODUCT.md names and leaves demo free", () => {
    for (const word of [
      "admin",
      "api",
      "auth",
      "dashboard",
      "onboarding",
      "www",
      "assets",
      "builds",
      "static",
      "help",
    ]) {
      expect(RESERVED_USERNAMES.has(word)).toBe(true);
    }
    expect(RESERVED_USERNAMES.has("demo")).toBe(false);
  });

  it("keeps the reserved list in lower case so lookups match", () => {
    for (const word of RESERVED_USERNAMES) expect(word).toBe(word.toLowerCase());
  });
});
