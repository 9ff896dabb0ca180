// What the law asks of each product on a price list (PRODUCT.md "The law, as a checklist";
// член 15-а and its Rulebook), as the codes the compliance check reports. Isomorphic: the badge
// and the filter speak these codes; the checks themselves are SQL (compliance.server.ts), so the
// list, its count and the "needs attention" filter can never disagree.

export const COMPLIANCE_ISSUES = [
  // Goods sold by weight or volume show a price per kg / l (computed from the net quantity).
  "unitPrice",
  // Basic food at the general 18 % rate: food is taxed at the reduced 5 % rate.
  "vatRate",
  // The law lists a description for every item.
  "description",
  // A regular price above the selling price is a promotion: its duration (from–to) must be shown.
  "promotionDates",
  // A visitor reported the price as wrong and it has not changed since (correct within 24 hours).
  "reportedPrice",
] as const;

export type ComplianceIssue = (typeof COMPLIANCE_ISSUES)[number];

/** Units a product is sold by the piece or package; a measure (kg, l, m…) is its own unit price. */
export const PACKAGE_UNITS = ["piece", "pack", "box", "pair", "set"] as const;

/**
 * Beginnings of words, in the search key's Latin skeleton (app/lib/transliterate.ts: "Млеко" and
 * "mleko" are both "mleko", "Шеќер" and "Sheqer" both "seker"), that name goods sold by weight or
 * volume: Macedonian, Albanian and English.
 */
// biome-ignore format: a word list reads better packed
export const MEASURED_GOODS = [
  // mk
  "mleko", "jogurt", "kiselo", "sirenje", "kaskaval", "pavlaka", "puter", "leb", "brasno", "seker",
  "maslo", "zejtin", "oriz", "grav", "testenin", "makaron", "kafe", "kaj", "sok", "voda", "pivo",
  "vino", "rakija", "meso", "salama", "virsl", "kolbas", "detergent", "sampon",
  // sq
  "kumest", "buke", "djathe", "miell", "vaj", "uje", "mish", "birr",
  // en
  "milk", "bread", "flour", "sugar", "oil", "rice", "coffee", "tea", "juice", "water", "beer",
  "wine", "cheese", "yogurt", "meat",
] as const;

/** Basic foods taxed at 5 % (Закон за ДДВ, член 30): a subset of the goods above, no drinks. */
// biome-ignore format: a word list reads better packed
export const BASIC_FOODS = [
  "mleko", "jogurt", "kiselo", "sirenje", "kaskaval", "pavlaka", "puter", "leb", "brasno", "seker",
  "maslo", "zejtin", "oriz", "grav", "testenin", "makaron", "meso", "salama", "virsl", "kolbas",
  "jajka", "kumest", "buke", "djathe", "miell", "mish", "veze",
  "milk", "bread", "flour", "sugar", "rice", "cheese", "yogurt", "meat", "eggs",
] as const;
