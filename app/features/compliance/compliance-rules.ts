// What the law asks of each product on a price list (PRODUCT.md "The law, as a checklist";
// член 15-а and its Rulebook), as the codes the compliance check reports. Isomorphic: the badge
// and the filter speak these codes; the checks themselves are SQL (compliance.server.ts), so the
// list, its count and the "needs attention" filter can never disagree.

export const COMPLIANCE_ISSUES = [
  // Goods sold by weight or volume show a price per kg / l (computed from the net quantity).
  "unitPrice",
  // Basic food at the general 18 % rate: food is taxed at the reduced 5 % rate.
  "vatRate",
  // The law lists a description for every item, beside the name: repeating the name is none (decision 0127).
  "description",
  // A store that serves Albanian speakers gives every product an Albanian name too.
  "albanianName",
  // A regular price above the selling price is a promotion: its duration (from–to) must be shown.
  "promotionDates",
  // A visitor reported the price as wrong and it has not changed since (correct within 24 hours).
  "reportedPrice",
] as const;

export type ComplianceIssue = (typeof COMPLIANCE_ISSUES)[number];

/** Units a product is sold by the piece or package; a measure (kg, l, m…) is its own unit price. */
export const PACKAGE_UNITS = ["piece", "pack", "box", "pair", "set"] as const;

/**
 * Beginnings of words in a product's name that name goods sold by weight or volume, in Macedonian
 * (Cyrillic and Latin spelling), Albanian and English; matched case-insensitively as regular
 * expressions at the start of a word of the name (never the description: "a glass for water" is
 * not water).
 */
// biome-ignore format: a word list reads better packed
export const MEASURED_GOODS = [
  // mk
  "млеко", "јогурт", "кисело", "сирење", "кашкавал", "павлака", "путер", "леб", "брашно", "шеќер",
  "масло", "зејтин", "ориз", "грав", "тестенин", "макарон", "кафе", "чај", "сок", "вода", "пиво",
  "вино", "ракија", "месо", "салам", "вирш", "колбас", "детергент", "шампон",
  "mleko", "jogurt", "kiselo", "sirenje", "ka[sš]h?kaval", "pavlaka", "puter", "leb", "bra[sš]h?no",
  "[sš]h?e(kj|ќ|k)er", "maslo", "zejtin", "oriz", "grav", "kafe", "[cč]h?aj", "sok", "voda", "pivo",
  "vino", "rakija", "meso", "salam", "kolbas", "detergent", "[sš]h?ampon",
  // sq
  "qum[eë]sht", "buk[eë]", "djath[eë]", "miell", "sheqer", "vaj", "uj[eë]", "mish", "birr", "çaj",
  // en
  "milk", "bread", "flour", "sugar", "oil", "rice", "coffee", "tea", "juice", "water", "beer",
  "wine", "cheese", "yog(h)?urt", "meat",
] as const;

/** Basic foods taxed at 5 % (Закон за ДДВ, член 30): a subset of the goods above, no drinks. */
// biome-ignore format: a word list reads better packed
export const BASIC_FOODS = [
  "млеко", "јогурт", "кисело", "сирење", "кашкавал", "павлака", "путер", "леб", "брашно", "шеќер",
  "масло", "зејтин", "ориз", "грав", "тестенин", "макарон", "месо", "салам", "вирш", "колбас", "јајца",
  "mleko", "jogurt", "sirenje", "ka[sš]h?kaval", "leb", "bra[sš]h?no", "[sš]h?e(kj|ќ|k)er", "maslo",
  "zejtin", "oriz", "grav", "meso", "jajca",
  "qum[eë]sht", "buk[eë]", "djath[eë]", "miell", "sheqer", "mish", "vez[eë]",
  "milk", "bread", "flour", "sugar", "rice", "cheese", "yog(h)?urt", "meat", "eggs",
] as const;

/**
 * What a description is made of when compared with the name: lower-case letters of the names'
 * alphabets and digits, nothing else ("Ајвар домашен, 350 г." and "ајвар домашен 350г" are alike).
 */
export const DESCRIPTION_KEEP = "0-9a-zа-яѐ-џçë";

/** Upper-case letters the comparison folds itself, whatever the database's locale folds. */
export const UPPER_CYRILLIC = `${String.fromCharCode(...Array.from({ length: 0x30 }, (_, i) => 0x400 + i))}ÇË`;
export const LOWER_CYRILLIC = `${String.fromCharCode(
  ...Array.from({ length: 0x30 }, (_, i) => (i < 0x10 ? 0x450 + i : 0x430 + i - 0x10)),
)}çë`;

function descriptionSkeleton(text: string): string {
  return text.toLowerCase().replace(new RegExp(`[^${DESCRIPTION_KEEP}]`, "g"), "");
}

/**
 * Whether a product lacks a description (decision 0127): none, or a text that says nothing the name
 * does not already say (the name repeated, or a part of it, as a generator writes it). The SQL rule
 * in compliance.server.ts is the same comparison.
 */
export function lacksDescription(name: string, description: string | null | undefined): boolean {
  const text = descriptionSkeleton(description ?? "");
  return text === "" || descriptionSkeleton(name).includes(text);
}
