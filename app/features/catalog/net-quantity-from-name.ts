import type { NetUnit } from "~/db/schema/catalog-enums";

/**
 * The net quantity a product's name states, the way shops write it: "Ајвар домашен 350 г",
 * "Млеко 0,5 л", "Кока-кола 1,5L", "Вино 750 мл", "Брашно 2 кг", "Вода 6 x 0,5 л". A multipack
 * ("6 x 0,5 л") is its total (3 l), with the pack's count and each item's size kept beside it, so
 * the unit price is per litre of the whole pack. Null when the name states no size, or two
 * different ones ("Сок 1 л + 0,5 л гратис"): a guess would put a wrong unit price on the list.
 */
export type NameQuantity = {
  /** Thousandths of `netUnit`, as the product stores it: 350 g is 350000 with "g". */
  netQuantityMilli: number;
  netUnit: NetUnit;
  /** How many items a multipack holds ("6 x 0,5 л" → 6), 1 otherwise. */
  count: number;
  /** The text in the name that was read, for the owner to see ("6 x 0,5 л"). */
  source: string;
};

// Cyrillic and Latin spellings of each unit, lower case. Longer spellings first in the pattern.
const UNIT_WORDS: Record<string, NetUnit> = {
  г: "g",
  гр: "g",
  g: "g",
  gr: "g",
  кг: "kg",
  kg: "kg",
  мл: "ml",
  ml: "ml",
  л: "l",
  l: "l",
  lt: "l",
  лит: "l",
  cl: "ml",
  цл: "ml",
};
// A centilitre is ten millilitres; every other word is its unit itself.
const FACTOR: Record<string, number> = { cl: 10, цл: 10 };

const NUMBER = String.raw`(\d{1,5}(?:[.,]\d{1,3})?)`;
const UNIT = String.raw`(кг|kg|мл|ml|цл|cl|лит|lt|гр|gr|г|g|л|l)`;
// Not a letter after the unit ("2 кгр" or "5 lbs" are not ours); "\p{L}" covers Cyrillic too.
const END = String.raw`(?![\p{L}\d])`;
const START = String.raw`(?<![\p{L}\d.,])`;
const PACK = new RegExp(String.raw`${START}(\d{1,3})\s*[xх×*]\s*${NUMBER}\s*${UNIT}${END}`, "giu");
const DIGIT = /\d/;
const PACK_SIGN = /[xх×*]/iu;
const SINGLE = new RegExp(String.raw`${START}${NUMBER}\s*${UNIT}${END}`, "giu");

function milli(amount: string, word: string): { milli: number; unit: NetUnit } | null {
  const value = Number(amount.replace(",", "."));
  const unit = UNIT_WORDS[word.toLowerCase()];
  if (!unit || !Number.isFinite(value) || value <= 0) return null;
  const thousandths = Math.round(value * 1000 * (FACTOR[word.toLowerCase()] ?? 1));
  return Number.isSafeInteger(thousandths) && thousandths > 0 ? { milli: thousandths, unit } : null;
}

/** The size the name states, or null (see NameQuantity). */
export function netQuantityFromName(name: string): NameQuantity | null {
  // Cheap tests first: an import reads every row's name, and most have no pack sign, many no digit.
  if (!DIGIT.test(name)) return null;
  const found: NameQuantity[] = [];
  const packSpans: Array<[number, number]> = [];
  for (const match of PACK_SIGN.test(name) ? name.matchAll(PACK) : []) {
    const each = milli(match[2]!, match[3]!);
    const count = Number(match[1]);
    if (!each || count < 1) continue;
    found.push({ netQuantityMilli: each.milli * count, netUnit: each.unit, count, source: match[0] });
    packSpans.push([match.index!, match.index! + match[0].length]);
  }
  for (const match of name.matchAll(SINGLE)) {
    const at = match.index!;
    if (packSpans.some(([from, to]) => at >= from && at < to)) continue;
    const size = milli(match[1]!, match[2]!);
    if (size) found.push({ netQuantityMilli: size.milli, netUnit: size.unit, count: 1, source: match[0] });
  }
  if (found.length === 0) return null;
  const [first] = found;
  // The same size twice ("350 г ... 350г") is one statement; two different sizes are no answer.
  return found.every(
    (item) => item.netQuantityMilli === first!.netQuantityMilli && item.netUnit === first!.netUnit,
  )
    ? first!
    : null;
}
