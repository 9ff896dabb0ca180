// Macedonian Cyrillic ↔ Latin for slugs and search (PRODUCT.md: "млеко" finds "mleko";
// "Маркет Пела" suggests `market-pela`).

// The official Macedonian romanisation (the one on passports and ID cards).
// biome-ignore format: a table reads better as one
const MACEDONIAN: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", ѓ: "gj", е: "e", ж: "zh", з: "z", ѕ: "dz", и: "i",
  ј: "j", к: "k", л: "l", љ: "lj", м: "m", н: "n", њ: "nj", о: "o", п: "p", р: "r", с: "s",
  т: "t", ќ: "kj", у: "u", ф: "f", х: "h", ц: "c", ч: "ch", џ: "dzh", ш: "sh",
  // Accented vowels of Macedonian orthography ("ѝ", "сѐ").
  ѐ: "e", ѝ: "i",
};

// Letters of neighbouring alphabets that reach Macedonian shops. ђ and ћ sit on the keys of ѓ and
// ќ in the Serbian layout, so a shop typing on it means ѓ/ќ: they share that romanisation.
// Russian/Bulgarian/Ukrainian letters follow the Macedonian style (j for the glide).
// biome-ignore format: a table reads better as one
const NEIGHBOURS: Record<string, string> = {
  ђ: "gj", ћ: "kj", й: "j", ы: "y", э: "e", ю: "ju", я: "ja", ё: "jo", щ: "sht", ъ: "a", ь: "",
  є: "je", і: "i", ї: "ji", ґ: "g", ў: "u",
};

const TO_LATIN: Record<string, string> = { ...MACEDONIAN, ...NEIGHBOURS };

const UPPER = /\p{Lu}/u;
const LETTER = /\p{L}/u;

/**
 * Romanises Cyrillic and leaves everything else alone: "Шише" → "Shishe", "ШИШЕ" → "SHISHE",
 * "šeќer" → "šekjer". A capital that becomes two letters is all caps inside an all-caps word.
 */
export function cyrillicToLatin(input: string): string {
  // NFC first: ѓ, ќ, ѐ, ѝ, й may arrive decomposed (г + U+0301) from some keyboards and macOS.
  const chars = [...input.normalize("NFC")];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const lower = ch.toLowerCase();
    const latin = TO_LATIN[lower];
    if (latin === undefined) {
      out += ch;
      continue;
    }
    if (ch === lower || latin.length === 0) {
      out += latin;
    } else if (latin.length === 1 || isAllCapsContext(chars, i)) {
      out += latin.toUpperCase();
    } else {
      out += latin[0]!.toUpperCase() + latin.slice(1);
    }
  }
  return out;
}

function isAllCapsContext(chars: string[], i: number): boolean {
  const next = chars[i + 1];
  if (next !== undefined && LETTER.test(next)) return UPPER.test(next);
  const prev = chars[i - 1];
  return prev !== undefined && UPPER.test(prev);
}

// Latin letters that NFD does not split into base + mark.
// biome-ignore format: a table reads better as one
const LATIN_SPECIALS: Record<string, string> = {
  đ: "dj", ł: "l", ø: "o", ß: "ss", æ: "ae", œ: "oe", ı: "i", ð: "d", þ: "th", ŀ: "l", ħ: "h",
};
const LATIN_SPECIALS_RE = new RegExp(`[${Object.keys(LATIN_SPECIALS).join("")}]`, "g");

/** "Žito Luks" → "Zito Luks", "Đurđevak" → "Djurdjevak": plain ASCII letters where possible. */
export function stripDiacritics(input: string): string {
  return input
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(LATIN_SPECIALS_RE, (ch) => LATIN_SPECIALS[ch]!)
    .replace(/[ĐŁØÆŒÐÞĦ]/g, (ch) => {
      const latin = LATIN_SPECIALS[ch.toLowerCase()]!;
      return latin[0]!.toUpperCase() + latin.slice(1);
    });
}

/*
 * searchKey folding table. The same function keys the stored text and the query, so any two
 * spellings that end in the same skeleton find each other.
 *
 *   step                         examples
 *   1 lower-case, Cyrillic→Latin "ШЕЌЕР" → "shekjer", "Чоколадо" → "chokolado"
 *   2 đ → gj                     Serbian Latin đ = Macedonian ѓ (ђ is mapped in step 1)
 *   3 strip diacritics           č→c š→s ž→z ć→c ḱ→k ǵ→g ç→c ë→e ü→u …
 *   4 c, q → k                   see below
 *   5 digraphs (until stable)    zh→z sh→s kh→k (was ch) kj→k gj→g xh→dz
 *   6 anything not a-z0-9 → one space, trimmed
 *
 * Why c and k meet: ќ is written kj (official), k (informal "sheker"), ć ("šećer", ASCII
 * "secer"), ḱ, or q (Albanian "sheqer"); ч is ch, č or plain c. Making "sheker" and "secer" meet
 * therefore forces c = k. The price is a few homographs in the skeleton, e.g. "чаша" (glass) and
 * "каша" (porridge) both key to "kasa", and "шал"/"сал" to "sal": a search shows a little more,
 * never less. lj and nj stay: every spelling of љ and њ already agrees.
 * Result: ѕ, џ, dž, dzh and Albanian xh all become "dz"; ѓ, gj, ǵ, đ become "g".
 */
export function searchKey(input: string): string {
  let s = cyrillicToLatin(input.toLowerCase()).toLowerCase();
  s = stripDiacritics(s.replace(/đ/g, "gj")).toLowerCase();
  s = s.replace(/[cq]/g, "k");
  // Repeat so the key is a fixed point (searchKey(searchKey(x)) === searchKey(x)).
  let previous: string;
  do {
    previous = s;
    s = s.replace(/[zsk]h|kj|gj|xh/g, (pair) => DIGRAPHS[pair]!);
  } while (s !== previous);
  return s.replace(/[^a-z0-9]+/g, " ").trim();
}

const DIGRAPHS: Record<string, string> = { zh: "z", sh: "s", kh: "k", kj: "k", gj: "g", xh: "dz" };
