import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Alphabetical order of product names, the one rule of every list (dashboard, public page, feeds,
// PDF, archive): the same on PGlite and PostgreSQL whatever their collation (decision 0023).
// In code-point order Ѓ Ѕ Ј Љ Њ Ќ Џ (U+0403–U+040F) would come before А (U+0410), and Albanian Ç and
// Ë after Z. So translate() maps every letter to a key letter: the Macedonian alphabet, capital or
// small, to consecutive code points from U+0430, the Latin alphabet with Albanian Ç after C and Ë
// after E to consecutive code points from U+0250 (IPA letters, never in a name), other accented Latin
// letters to their base letter. COLLATE "C" then compares code points: punctuation and digits first,
// then Latin, then Cyrillic. The key is a stored generated column (product.name_order): computing
// translate() per row at query time made deep pages slow (docs/performance.md).

const MK_ALPHABET = "абвгдѓежзѕијклљмнњопрстќуфхцчџш";
const LATIN_ALPHABET = "abcçdeëfghijklmnopqrstuvwxyz";

/** Letters sorted as another letter: Macedonian ѐ ѝ (stress marks) and accented Latin letters. */
const FOLDED: Record<string, string> = {
  е: "ѐ",
  и: "ѝ",
  a: "àáâãäåāăą",
  c: "ćĉċč",
  d: "ďđ",
  e: "èéêēĕėęě",
  g: "ǵĝğġģ",
  i: "ìíîïĩīĭį",
  k: "ḱķ",
  l: "ĺļľŀł",
  n: "ñńņň",
  o: "òóôõöøōŏő",
  r: "ŕŗř",
  s: "śŝşš",
  t: "ţť",
  u: "ùúûüũūŭůűų",
  y: "ýÿ",
  z: "źżž",
};

function buildMap(): Map<string, string> {
  const map = new Map<string, string>();
  const letters = (alphabet: string, start: number) =>
    [...alphabet].forEach((letter, index) => {
      const key = String.fromCodePoint(start + index);
      map.set(letter, key);
      map.set(letter.toUpperCase(), key);
    });
  letters(MK_ALPHABET, 0x0430);
  letters(LATIN_ALPHABET, 0x0250);
  for (const [base, variants] of Object.entries(FOLDED)) {
    for (const variant of variants) {
      map.set(variant, map.get(base)!);
      map.set(variant.toUpperCase(), map.get(base)!);
    }
  }
  return map;
}

const MAP = buildMap();
const FROM = [...MAP.keys()].join("");
const TO = [...MAP.values()].join("");

/** The generated column's expression over the "name" column of the same row. */
export const NAME_ORDER_EXPRESSION = sql.raw(`translate("name", '${FROM}', '${TO}')`);

/**
 * Decision 0074: the order an Albanian reader sees, by the name shown to them (the Albanian name, else
 * the Macedonian one), with the same key (decision 0074).
 */
export const NAME_ORDER_SQ_EXPRESSION = sql.raw(`translate(coalesce("name_sq", "name"), '${FROM}', '${TO}')`);

/** The sort key as ORDER BY and the index use it. */
export function byNameOrder(column: AnyPgColumn): SQL {
  return sql`${column} collate "C"`;
}

/** The same key in JavaScript (a test holds it equal to the database's, character for character). */
export function nameOrderKey(name: string): string {
  let key = "";
  for (const char of name) key += MAP.get(char) ?? char;
  return key;
}

/** Compares two names as ORDER BY name_order COLLATE "C" does: key code point by code point. */
export function compareNames(a: string, b: string): number {
  const x = [...nameOrderKey(a)];
  const y = [...nameOrderKey(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const difference = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (difference) return difference;
  }
  return x.length - y.length;
}
