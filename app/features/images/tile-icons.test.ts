import { describe, expect, it } from "vitest";
import { tileIconFor } from "./tile-icons";

describe("the icon of a generated tile", () => {
  it("comes from common shop categories in mk, sq and en, Cyrillic or Latin", () => {
    expect(tileIconFor("Млечни производи")).toBe("dairy");
    expect(tileIconFor("Mlechni proizvodi")).toBe("dairy");
    expect(tileIconFor("Bulmetore")).toBe("dairy");
    expect(tileIconFor("Dairy")).toBe("dairy");
    expect(tileIconFor("Леб и пекара")).toBe("bread");
    expect(tileIconFor("Furra")).toBe("bread");
    expect(tileIconFor("Овошје и зеленчук")).toBe("fruit");
    expect(tileIconFor("Зеленчук")).toBe("vegetables");
    expect(tileIconFor("Perime")).toBe("vegetables");
    expect(tileIconFor("Месо и колбаси")).toBe("meat");
    expect(tileIconFor("Mish")).toBe("meat");
    expect(tileIconFor("Пијалоци")).toBe("drinks");
    expect(tileIconFor("Pije")).toBe("drinks");
    expect(tileIconFor("Слатки")).toBe("sweets");
    expect(tileIconFor("Ëmbëlsira")).toBe("sweets");
    expect(tileIconFor("Хигиена")).toBe("hygiene");
    expect(tileIconFor("Аптека")).toBe("pharmacy");
    expect(tileIconFor("Farmaci")).toBe("pharmacy");
    expect(tileIconFor("Домаќинство")).toBe("household");
    expect(tileIconFor("Household")).toBe("household");
    expect(tileIconFor("Замрзнати производи")).toBe("frozen");
    expect(tileIconFor("Бебешка храна")).toBe("baby");
  });

  it("matches the start of a word, not any substring", () => {
    // "лек" (medicine) sits inside "млеко"; "млеко" must stay dairy.
    expect(tileIconFor("Млеко")).toBe("dairy");
    expect(tileIconFor("Лекови")).toBe("pharmacy");
  });

  it("falls back to the product's name, then to a neutral basket", () => {
    expect(tileIconFor(null, "Јогурт Бимилк 1 кг")).toBe("dairy");
    expect(tileIconFor("", "Сок од портокал")).toBe("drinks");
    expect(tileIconFor("Разно", "Клешти")).toBe("other");
    expect(tileIconFor(null, null)).toBe("other");
  });
});
