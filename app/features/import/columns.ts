// The columns an import reads and an export writes (decision 0035): one list, so export → edit in Excel
// → import is a round trip. Isomorphic: the wizard's mapping step, the server's parser and the
// export all use it. Headers are compared by their search key (~/lib/transliterate), so Cyrillic
// and Latin spellings, case, accents and punctuation do not matter ("Продажна цена" = "prodazna cena").

import type { MoneyLocale } from "~/lib/money";
import { searchKey } from "~/lib/transliterate";

/**
 * Every column the import understands. `unitPrice`, `discountType` and `discountDuration` belong
 * to the 9-column price-list template: they are recognised (so the template maps as a whole) but
 * not stored — the unit price is computed from the net quantity, and promotions are their own
 * feature.
 */
export const IMPORT_FIELDS = [
  "name",
  "price",
  "unitPrice",
  "regularPrice",
  "discountPrice",
  "discountType",
  "discountDuration",
  "category",
  "quantity",
  "unit",
  "netQuantity",
  "vatRate",
  "barcode",
  // The product's code in the shop's till (its article code): the product's external id, the key
  // the REST API's by-external-id routes use and the first one a later import matches by (decision 0126).
  "externalId",
  "description",
  "availability",
  // The Albanian name and description (stored when the store enables Albanian content).
  "nameSq",
  "descriptionSq",
  // A point of sale's name or slug: the row sets that point's own price, not the store's.
  "pointOfSale",
  // Decision 0105: the points of sale (slugs or names, separated by ";") the row's discount is limited to;
  // empty: the discount runs at every one (decision 0105).
  "discountPointsOfSale",
  // Decision 0106: the Albanian name of the row's category (category.name_sq).
  "categorySq",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Recognised but not written to the product (see IMPORT_FIELDS). */
export const IGNORED_FIELDS: readonly ImportField[] = ["unitPrice", "discountType", "discountDuration"];

/** The columns an export writes, in this order (the import reads them back). */
export const EXPORT_FIELDS: readonly ImportField[] = [
  "name",
  "price",
  "regularPrice",
  "category",
  "quantity",
  "unit",
  "netQuantity",
  "vatRate",
  "barcode",
  "description",
  "availability",
  "discountPrice",
  "discountType",
  "discountDuration",
];

/** The column an export adds last when some point of sale has its own prices (decision 0069). */
export const POINT_OF_SALE_EXPORT_FIELDS: readonly ImportField[] = ["pointOfSale"];

/** The column an export adds last when some promotion is limited to some points of sale (decision 0105). */
export const LIMITED_PROMOTION_EXPORT_FIELDS: readonly ImportField[] = ["discountPointsOfSale"];

/** The Albanian columns an export adds after EXPORT_FIELDS when the store enables Albanian content. */
export const ALBANIAN_EXPORT_FIELDS: readonly ImportField[] = ["nameSq", "descriptionSq", "categorySq"];

/** The 9-column price-list template of PRODUCT.md, in its order. */
export const NINE_COLUMN_TEMPLATE: readonly ImportField[] = [
  "name",
  "price",
  "unitPrice",
  "description",
  "availability",
  "regularPrice",
  "discountPrice",
  "discountType",
  "discountDuration",
];

/** The header each locale writes; the first of each field's aliases below. */
const CANONICAL: Record<ImportField, Record<MoneyLocale, string>> = {
  name: { mk: "Назив", en: "Name", sq: "Emri" },
  price: { mk: "Продажна цена", en: "Price", sq: "Çmimi" },
  unitPrice: { mk: "Единечна цена", en: "Unit price", sq: "Çmimi për njësi" },
  regularPrice: { mk: "Редовна цена", en: "Regular price", sq: "Çmimi i rregullt" },
  discountPrice: { mk: "Цена со попуст", en: "Discount price", sq: "Çmimi me zbritje" },
  discountType: { mk: "Вид на попуст", en: "Discount type", sq: "Lloji i zbritjes" },
  discountDuration: { mk: "Времетраење на попуст", en: "Discount duration", sq: "Kohëzgjatja e zbritjes" },
  category: { mk: "Категорија", en: "Category", sq: "Kategoria" },
  quantity: { mk: "Количина", en: "Quantity", sq: "Sasia" },
  unit: { mk: "Единица мерка", en: "Unit", sq: "Njësia" },
  netQuantity: { mk: "Нето количина", en: "Net quantity", sq: "Sasia neto" },
  vatRate: { mk: "ДДВ", en: "VAT", sq: "TVSH" },
  barcode: { mk: "Баркод", en: "Barcode", sq: "Barkodi" },
  externalId: { mk: "Шифра", en: "Code", sq: "Kodi" },
  description: { mk: "Опис", en: "Description", sq: "Përshkrimi" },
  availability: { mk: "Достапност", en: "Availability", sq: "Disponueshmëria" },
  nameSq: { mk: "Назив (албански)", en: "Name (Albanian)", sq: "Emri (shqip)" },
  descriptionSq: { mk: "Опис (албански)", en: "Description (Albanian)", sq: "Përshkrimi (shqip)" },
  pointOfSale: { mk: "Продажно место", en: "Point of sale", sq: "Pika e shitjes" },
  discountPointsOfSale: {
    mk: "Продажни места на попустот",
    en: "Discount points of sale",
    sq: "Pikat e shitjes së zbritjes",
  },
  categorySq: { mk: "Категорија (албански)", en: "Category (Albanian)", sq: "Kategoria (shqip)" },
};

/**
 * Further spellings seen in POS and accounting exports (Macedonian, Albanian, English, and the
 * Serbian/Croatian of older programs). Latin transliterations need no entry of their own.
 */
const ALIASES: Record<ImportField, string[]> = {
  name: [
    "Име",
    "Назив на производ",
    "Назив на артикл",
    "Артикл",
    "Производ",
    "Наименование",
    "Name",
    "Product",
    "Product name",
    "Item",
    "Item name",
    "Title",
    "Emri i produktit",
    "Emërtimi",
    "Produkti",
    "Artikulli",
    "Naziv artikla",
    "Artikal",
    "Naziv proizvoda",
  ],
  price: [
    "Цена",
    "Малопродажна цена",
    "МПЦ",
    "Продажна цена со ДДВ",
    "Цена со ДДВ",
    "Продажна",
    "Selling price",
    "Retail price",
    "Price incl VAT",
    "Çmimi i shitjes",
    "Çmimi me TVSH",
    "Cijena",
    "MPC",
    "Prodajna cena",
    "Prodajna cijena",
  ],
  unitPrice: ["Цена по единица", "Цена за единица мерка", "Price per unit", "Çmimi për njësi matëse"],
  regularPrice: [
    "Редовна",
    "Стара цена",
    "Regular",
    "Original price",
    "Old price",
    "Çmimi i vjetër",
    "Redovna cena",
  ],
  discountPrice: [
    "Попуст цена",
    "Акциска цена",
    "Промотивна цена",
    "Цена на попуст",
    "Sale price",
    "Promo price",
    "Promotional price",
    "Çmimi promocional",
    "Akcijska cena",
  ],
  discountType: ["Тип на попуст", "Вид на промоција", "Promotion type", "Lloji i promocionit"],
  discountDuration: ["Траење на попуст", "Времетраење на промоција", "Promotion duration", "Kohëzgjatja"],
  category: [
    "Група",
    "Група на артикли",
    "Групa",
    "Category",
    "Group",
    "Kategori",
    "Grupi",
    "Kategorija",
    "Grupa",
  ],
  quantity: [
    "Залиха",
    "Состојба",
    "Кол",
    "Кол.",
    "Qty",
    "Stock",
    "Quantity in stock",
    "Stoku",
    "Sasi",
    "Kolicina",
    "Zaliha",
  ],
  unit: [
    "Мерка",
    "Единица",
    "ЕМ",
    "Ед. мерка",
    "Ед мерка",
    "Unit of measure",
    "UOM",
    "Njësia matëse",
    "Njësi",
    "Jedinica mere",
    "JM",
  ],
  netQuantity: ["Нето", "Содржина", "Нето тежина", "Net", "Net weight", "Net content", "Pesha neto", "Neto"],
  vatRate: [
    "ДДВ %",
    "Стапка на ДДВ",
    "Даночна стапка",
    "Данок",
    "VAT rate",
    "VAT %",
    "Tax",
    "Tax rate",
    "TVSH %",
    "Norma e TVSH",
    "PDV",
    "Porez",
  ],
  barcode: ["Бар код", "Бар-код", "EAN", "EAN13", "EAN-13", "GTIN", "Bar code", "Barkod"],
  externalId: [
    "Шифра на артикл",
    "Шифра на производ",
    "Код",
    "Код на артикл",
    "Šifra",
    "Šifra artikla",
    "SKU",
    "Code",
    "Article code",
    "Item code",
    "Product code",
    "Kodi i artikullit",
    "Shifra",
  ],
  description: ["Опис на производ", "Забелешка", "Details", "Përshkrim", "Opis"],
  availability: ["Достапно", "Available", "In stock", "Disponueshmëri", "Dostupnost"],
  // "Emri" alone is the Albanian header of the (Macedonian) name column: the Albanian name's
  // headers say the language.
  nameSq: [
    "name_sq",
    "nameSq",
    "Назив на албански",
    "Име (албански)",
    "Име на албански",
    "Производ (албански)",
    "Name in Albanian",
    "Albanian name",
    "Product (Albanian)",
    "Emri në shqip",
    "Emri shqip",
    "Emri i produktit (shqip)",
    "Produkti (shqip)",
  ],
  descriptionSq: [
    "description_sq",
    "descriptionSq",
    "Опис на албански",
    "Description in Albanian",
    "Albanian description",
    "Përshkrimi në shqip",
    "Përshkrimi shqip",
  ],
  pointOfSale: [
    "pointOfSale",
    "point_of_sale",
    "Објект",
    "Локација",
    "Outlet",
    "Location",
    "Shop",
    "Objekti",
    "Lokacioni",
  ],
  discountPointsOfSale: [
    "discountPointsOfSale",
    "discount_points_of_sale",
    "Продажни места на промоцијата",
    "Попуст во продажни места",
    "Promotion points of sale",
    "Discount outlets",
    "Pikat e shitjes së promocionit",
  ],
  categorySq: [
    "category_sq",
    "categorySq",
    "Категорија на албански",
    "Category in Albanian",
    "Albanian category",
    "Kategoria në shqip",
    "Kategoria shqip",
  ],
};

const KEY_TO_FIELD = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  for (const header of [...Object.values(CANONICAL[field]), ...ALIASES[field]]) {
    const key = headerKey(header);
    if (!KEY_TO_FIELD.has(key)) KEY_TO_FIELD.set(key, field);
  }
}

/** A header as compared: search key without spaces, so "Бар код", "barkod" and "BAR-KOD" meet. */
function headerKey(header: string): string {
  return searchKey(header).replace(/ /g, "");
}

/** The header the export writes for a field in a locale. */
export function canonicalHeader(field: ImportField, locale: MoneyLocale): string {
  return CANONICAL[field][locale];
}

/** The field a header names, or null when it is none that the import knows. */
export function fieldForHeader(header: string): ImportField | null {
  const key = headerKey(header);
  if (!key) return null;
  return KEY_TO_FIELD.get(key) ?? KEY_TO_FIELD.get(key.replace(/\d+$/, "")) ?? null;
}

/** Column index → field (or null: not imported). */
export type ColumnMapping = (ImportField | null)[];

/** The mapping the headers suggest: each field at most once, the first column that names it wins. */
export function detectMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = fieldForHeader(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** True when the headers are the 9-column price-list template (in its order, any language). */
export function isNineColumnTemplate(headers: readonly string[]): boolean {
  const fields = headers.filter((header) => header.trim() !== "").map(fieldForHeader);
  return (
    fields.length === NINE_COLUMN_TEMPLATE.length &&
    fields.every((field, index) => field === NINE_COLUMN_TEMPLATE[index])
  );
}

/** A mapping the import can run with: a name and a price (or a discount price) column. */
export function mappingProblems(mapping: ColumnMapping): ("nameMissing" | "priceMissing" | "duplicate")[] {
  const problems: ("nameMissing" | "priceMissing" | "duplicate")[] = [];
  const fields = mapping.filter((field): field is ImportField => field !== null);
  if (!fields.includes("name")) problems.push("nameMissing");
  if (!fields.includes("price") && !fields.includes("discountPrice")) problems.push("priceMissing");
  if (new Set(fields).size !== fields.length) problems.push("duplicate");
  return problems;
}
