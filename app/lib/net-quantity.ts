// A net quantity as people write it on a label or in a form: "500 г", "1,5 л", "500g", "1.5 l",
// "2 кг", "750 мл", "1 ком", "33 cl" (decision 0031; the form's hint suggests exactly this).
// The number goes through parseQuantity (thousandths, never a float); the unit, when one is
// written, is one of NET_UNITS in the language the owner typed it.

import type { NetUnit } from "~/db/schema/catalog-enums";
import { MAX_QUANTITY_MILLI, parseQuantity } from "./money";

export type NetQuantity = { milli: number; unit: NetUnit | null };
export type NetQuantityResult = NetQuantity | { error: "number" | "unit" };

/** Written unit (lower case, no final dot) → stored unit and how many of it one written unit is. */
const UNITS: Record<string, { unit: NetUnit; factor: number }> = {};
function units(unit: NetUnit, factor: number, names: string[]) {
  for (const name of names) UNITS[name] = { unit, factor };
}
units("g", 1, ["г", "гр", "грам", "грама", "грамови", "g", "gr", "gram", "grams", "gramë"]);
units("kg", 1, ["кг", "килограм", "килограми", "kg", "kilogram", "kilograms", "kilogramë"]);
units("ml", 1, ["мл", "милилитар", "милилитри", "ml", "mililitër", "millilitre", "milliliter"]);
units("ml", 10, ["цл", "cl"]);
units("ml", 100, ["дл", "dl"]);
units("l", 1, ["л", "лит", "литар", "литри", "литра", "l", "lt", "lit", "litër", "litra", "litre", "liter"]);
units("m", 1, ["м", "метар", "метри", "m", "metër", "metra", "metre", "meter"]);
units("m2", 1, ["м2", "м²", "m2", "m²", "кв.м", "sqm"]);
units("piece", 1, ["ком", "парче", "парчиња", "pcs", "pc", "piece", "pieces", "copë", "cope", "copa"]);

// The number, then optional space, then letters (any script), "²"/"2" for square metres, a dot.
const WITH_UNIT = /^(.*?\d)[\s\u00a0\u202f]*((?:кв\.\s?)?[\p{L}]+[2²]?\.?)$/u;

/**
 * "500 г" → 500 g (500000 thousandths, unit "g"); "1,5" → 1.5 with no unit; "33 cl" → 330 ml.
 * A number that parseQuantity refuses is { error: "number" }; letters that are no known unit are
 * { error: "unit" }. Zero is a valid parse: the schema says whether zero is allowed.
 */
export function parseNetQuantity(input: string): NetQuantityResult {
  const s = input.trim();
  const match = WITH_UNIT.exec(s);
  if (!match) {
    const milli = parseQuantity(s);
    return milli === null ? { error: "number" } : { milli, unit: null };
  }
  const [, number = "", written = ""] = match;
  const known = UNITS[written.toLowerCase().replace(/\s/g, "").replace(/\.$/, "")];
  const milli = parseQuantity(number);
  if (milli === null) return { error: "number" };
  if (!known) return { error: "unit" };
  const scaled = milli * known.factor;
  return scaled > MAX_QUANTITY_MILLI ? { error: "number" } : { milli: scaled, unit: known.unit };
}
