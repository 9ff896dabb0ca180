import { describe, expect, it } from "vitest";
import { netQuantityFromName } from "./net-quantity-from-name";

const read = (name: string) => {
  const found = netQuantityFromName(name);
  return found ? [found.netQuantityMilli, found.netUnit, found.count] : null;
};

describe("the net quantity a product's name states", () => {
  it("reads the sizes shops write, in Cyrillic and Latin, with a decimal comma or point", () => {
    expect(read("Ајвар домашен 350 г")).toEqual([350_000, "g", 1]);
    expect(read("Ајвар домашен 350гр")).toEqual([350_000, "g", 1]);
    expect(read("Млеко 0,5 л")).toEqual([500, "l", 1]);
    expect(read("Coca-Cola 1,5L")).toEqual([1_500, "l", 1]);
    expect(read("Вино Вранец 750 мл")).toEqual([750_000, "ml", 1]);
    expect(read("Брашно Т-400 2 кг")).toEqual([2_000, "kg", 1]);
    expect(read("Сок 1.5 lt")).toEqual([1_500, "l", 1]);
    expect(read("Пиво 33 cl")).toEqual([330_000, "ml", 1]);
  });

  it("reads a multipack as its total, keeping the count", () => {
    expect(read("Вода Пелистерка 6 x 0,5 л")).toEqual([3_000, "l", 6]);
    expect(read("Јогурт 4х150г")).toEqual([600_000, "g", 4]);
    expect(netQuantityFromName("Вода 6 x 0,5 л")?.source).toBe("6 x 0,5 л");
  });

  it("states nothing where the name has no size, or two different ones", () => {
    expect(read("Леб бел")).toBeNull();
    expect(read("Сок 1 л + 0,5 л гратис")).toBeNull();
    expect(read("Шампон 2 во 1")).toBeNull();
    expect(read("Батерии AA 4 pack")).toBeNull();
    expect(read("Чоколадо 100 gr. 100 gr")).toEqual([100_000, "g", 1]);
  });

  it("does not read a unit out of a longer word or a model number", () => {
    expect(read("Лампа 60 лумени")).toBeNull();
    expect(read("Кабел 2 long")).toBeNull();
    expect(read("Телефон G5 64GB")).toBeNull();
    expect(read("Масло 2,5л")).toEqual([2_500, "l", 1]);
  });
});
