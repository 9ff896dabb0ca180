import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Alphabetical order for Macedonian names in SQL, the same on PGlite and PostgreSQL whatever their
// collation. In code-point order Ѓ Ѕ Ј Љ Њ Ќ Џ (U+0403–U+040F) would come before А (U+0410), so
// translate() maps each letter of the Macedonian alphabet, capital or small, to consecutive code
// points in alphabet order, and Latin capitals to small letters; COLLATE "C" then compares code
// points. The key is a stored generated column (product.name_order): computing translate() per row
// at query time made deep pages slow (docs/performance.md).

const MK_ALPHABET = "абвгдѓежзѕијклљмнњопрстќуфхцчџш";
const LATIN = "abcdefghijklmnopqrstuvwxyz";

const FROM = MK_ALPHABET.toUpperCase() + MK_ALPHABET + LATIN.toUpperCase();
const TO =
  [...MK_ALPHABET]
    .map((_, index) => String.fromCharCode(0x0430 + index))
    .join("")
    .repeat(2) + LATIN;

/** The generated column's expression over the "name" column of the same row. */
export const NAME_ORDER_EXPRESSION = sql.raw(`translate("name", '${FROM}', '${TO}')`);

/** The sort key as ORDER BY and the index use it. */
export function byNameOrder(column: AnyPgColumn): SQL {
  return sql`${column} collate "C"`;
}
