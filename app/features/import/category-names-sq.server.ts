// Decision 0106: the import's "Category (Albanian)" column sets the Albanian name of the
// row's category (category.name_sq, migration 0032), by the rule of the product's Albanian name and
// description: read only while the store has Albanian content on, and an empty cell of a mapped
// column clears it. A category is named by many rows: the first row that gives it an Albanian name
// decides it, and it is cleared only when every row of it leaves the cell empty.

import { and, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category } from "~/db/schema/catalog";
import type { ImportRow } from "./rows";

/** A category's Albanian name the import sets, by the category's lower-case name. */
export type CategoryNameSq = { category: string; nameSq: string | null };

/**
 * The Albanian names the file gives categories that differ from what they have (`existing`: the
 * store's categories with their Albanian names); a category the file adds gets its name when given.
 */
export function planCategoryNamesSq(
  rows: readonly ImportRow[],
  existing: readonly { name: string; nameSq: string | null }[],
): CategoryNameSq[] {
  const wanted = new Map<string, CategoryNameSq>();
  for (const row of rows) {
    if (!row.category || row.categorySq === undefined) continue;
    const key = row.category.toLowerCase();
    const before = wanted.get(key);
    if (!before || (before.nameSq === null && row.categorySq !== null))
      wanted.set(key, { category: key, nameSq: row.categorySq });
  }
  const current = new Map(existing.map((row) => [row.name.toLowerCase(), row.nameSq]));
  return [...wanted.values()].filter((entry) =>
    current.has(entry.category) ? current.get(entry.category) !== entry.nameSq : entry.nameSq !== null,
  );
}

/** Writes the planned names; `categoryIds` are the store's categories by lower-case name. */
export async function writeCategoryNamesSq(
  tx: Queryable,
  storeId: string,
  names: readonly CategoryNameSq[],
  categoryIds: Map<string, string>,
): Promise<void> {
  for (const entry of names) {
    const id = categoryIds.get(entry.category);
    if (!id) continue;
    await tx
      .update(category)
      .set({ nameSq: entry.nameSq })
      .where(and(eq(category.storeId, storeId), eq(category.id, id)));
  }
}
