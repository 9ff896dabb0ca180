import { describe, expect, it } from "vitest";
import {
  canonicalHeader,
  detectMapping,
  EXPORT_FIELDS,
  fieldForHeader,
  IMPORT_FIELDS,
  isNineColumnTemplate,
  mappingProblems,
} from "./columns";

describe("import columns", () => {
  it("recognises headers in mk, sq and en, Cyrillic or Latin, any case and punctuation", () => {
    expect(fieldForHeader("Назив")).toBe("name");
    expect(fieldForHeader("NAZIV")).toBe("name");
    expect(fieldForHeader("emri")).toBe("name");
    expect(fieldForHeader("Product name")).toBe("name");
    expect(fieldForHeader("Цена")).toBe("price");
    expect(fieldForHeader("cena")).toBe("price");
    expect(fieldForHeader("Çmimi")).toBe("price");
    expect(fieldForHeader("cmimi")).toBe("price");
    expect(fieldForHeader("Баркод")).toBe("barcode");
    expect(fieldForHeader("BAR-KOD")).toBe("barcode");
    expect(fieldForHeader("ДДВ %")).toBe("vatRate");
    expect(fieldForHeader("tvsh")).toBe("vatRate");
    expect(fieldForHeader("Категорија")).toBe("category");
    expect(fieldForHeader("Количина")).toBe("quantity");
    expect(fieldForHeader("Ед. мерка")).toBe("unit");
    expect(fieldForHeader("Опис")).toBe("description");
    expect(fieldForHeader("Нешто друго")).toBeNull();
    expect(fieldForHeader("")).toBeNull();
  });

  it("maps a till's article code to the external id, in every spelling a till writes it", () => {
    for (const header of [
      "Шифра",
      "ШИФРА",
      "Шифра на артикл",
      "Код",
      "Šifra",
      "sifra",
      "SKU",
      "Code",
      "code",
    ])
      expect(fieldForHeader(header), header).toBe("externalId");
    expect(fieldForHeader("Бар код")).toBe("barcode");
    expect(fieldForHeader("Кол.")).toBe("quantity");
  });

  it("reads back every canonical header the export writes, in every locale", () => {
    for (const locale of ["mk", "en", "sq"] as const) {
      for (const field of IMPORT_FIELDS) expect(fieldForHeader(canonicalHeader(field, locale))).toBe(field);
      const headers = EXPORT_FIELDS.map((field) => canonicalHeader(field, locale));
      expect(detectMapping(headers)).toEqual(EXPORT_FIELDS);
    }
  });

  it("recognises the 9-column price-list template as a whole", () => {
    const template = [
      "Назив",
      "Продажна цена",
      "Единечна цена",
      "Опис",
      "Достапност",
      "Редовна цена",
      "Цена со попуст",
      "Вид на попуст",
      "Времетраење на попуст",
    ];
    expect(isNineColumnTemplate(template)).toBe(true);
    expect(detectMapping(template)).toEqual([
      "name",
      "price",
      "unitPrice",
      "description",
      "availability",
      "regularPrice",
      "discountPrice",
      "discountType",
      "discountDuration",
    ]);
    expect(isNineColumnTemplate(template.slice(0, 8))).toBe(false);
  });

  it("maps each field once and names what a mapping lacks", () => {
    expect(detectMapping(["Шифра", "Назив", "Цена", "Име"])).toEqual(["externalId", "name", "price", null]);
    expect(mappingProblems([null, "price"])).toEqual(["nameMissing"]);
    expect(mappingProblems(["name", null])).toEqual(["priceMissing"]);
    expect(mappingProblems(["name", "price", "price"])).toEqual(["duplicate"]);
    expect(mappingProblems(["name", "discountPrice"])).toEqual([]);
  });
});
