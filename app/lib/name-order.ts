import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Alphabetical order for Macedonian names in SQL, the same on PGlite and PostgreSQL whatever their
// collation. In code-point order Ѓ Ѕ Ј Љ Њ Ќ Џ (U+0403–U+040F) would come before А (U+0410), so
// translate() maps each letter of the Macedonian alphabet, capital or small, to consecutive code
// points in alphabet order, and Latin capitals to small letters; COLLATE "C" then compares code
// points. The products index on this expression serves "sort by name".

const MK_ALPHABET = "абвгдѓежзѕијклљмнњопрстќуфхцчџш";
const LATIN = "abcdefghijklmnopqrstuvwxyz";

const FROM = MK_ALPHABET.toUpperCase() + MK_ALPHABET + LATIN.toUpperCase();
const TO =
  [...MK_ALPHABET]
    .map((_, index) => String.fromCharCode(0x0430 + index))
    .join("")
    .repeat(2) + LATIN;

/** The sort key of a name column, as SQL; identical text in the index and in ORDER BY. */
export function nameOrder(column: AnyPgColumn): SQL {
  return sql`(translate(${column}, '${sql.raw(FROM)}', '${sql.raw(TO)}') collate "C")`;
}
