// The import's write (issue 14): every row of one file in ONE transaction — the products, the
// categories the file names, the price history and the activity (source "import") — so an error or
// a kill -9 midway leaves the catalogue exactly as it was. Rows go in as arrays through unnest()
// (one statement per few thousand rows), never one INSERT per row (decision 0034).

import { eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { letOthersRun } from "~/db/let-others-run.server";
import { category, product } from "~/db/schema/catalog";
import { type ActivityEntry, recordActivity } from "~/features/activity/activity.server";
import {
  countPointOfSaleChanges,
  importPointOfSaleRows,
  type RowProduct,
} from "~/features/points-of-sale/import-overrides.server";
import type { PriceChange } from "~/features/pricing/price-history.server";
import { albanianContentEnabled } from "~/features/product-language/albanian-content.server";
import { productSearchText } from "~/features/product-language/product-language";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import type { StoreContext } from "~/lib/service-context";
import { searchKey } from "~/lib/transliterate";
import { bulkTrigramIndex } from "./bulk-index.server";
import { type CategoryNameSq, planCategoryNamesSq, writeCategoryNamesSq } from "./category-names-sq.server";
import { type DiscountCandidate, planDiscounts, writeDiscounts } from "./import-promotions.server";
import { type PointOfSaleRow, planPointOfSaleRows } from "./point-of-sale-rows.server";
import type { ImportDiscount, ImportNote, ImportRow, Skipped } from "./rows";

export type ImportCounts = {
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Products the import puts on a promotion from the file's discount columns (decision 0062). */
  discounts?: number;
  /** Issue 19: rows with a point of sale, which set that point's own price instead of the store's. */
  pointOfSalePrices?: number;
  /** Issue 19: categories whose Albanian name the file sets or clears (decision 0106). */
  categoryNamesSq?: number;
};
export type ImportPlan = {
  counts: ImportCounts;
  /** Rows saved without a part of them (a barcode, a discount), each with why. */
  notes: ImportNote[];
  /** Unchanged products that get a promotion from the file's discount columns. */
  unchangedDiscounts: { line: number; id: string; priceCents: number; discount: ImportDiscount }[];
  /**
   * Rows that would match an existing product twice ("duplicateInFile"), and point-of-sale rows
   * naming a point of sale or a product the store does not have.
   */
  skipped: Skipped[];
  /** Issue 19: the rows that set a point of sale's own price, written after the store's rows. */
  pointOfSaleRows: PointOfSaleRow[];
  added: ProductValues[];
  updated: (ProductValues & { id: string; before: Existing })[];
  unchanged: string[];
  newCategories: string[];
  /** Issue 19: the Albanian names of categories the file changes (decision 0106). */
  categoryNamesSq: CategoryNameSq[];
};

const CHUNK = 2000;

type Existing = typeof product.$inferSelect;
type ProductValues = {
  /** The file's line the values come from. */
  line: number;
  name: string;
  description: string | null;
  nameSq: string | null;
  descriptionSq: string | null;
  priceCents: number;
  regularPriceCents: number | null;
  vatRate: Existing["vatRate"];
  unit: Existing["unit"];
  netQuantityMilli: number | null;
  netUnit: Existing["netUnit"];
  quantity: number;
  availability: Existing["availability"];
  barcode: string | null;
  /** Category name as the file writes it; null: none. */
  category: string | null;
  /** The existing product's category id when the file has no category column. */
  categoryId?: string | null;
  /** The row's discount, when it becomes a promotion. */
  discount?: ImportDiscount;
};

const COMPARED = [
  "name",
  "description",
  "nameSq",
  "descriptionSq",
  "priceCents",
  "regularPriceCents",
  "vatRate",
  "unit",
  "netQuantityMilli",
  "netUnit",
  "quantity",
  "availability",
  "barcode",
] as const;

/**
 * What the rows do to the store's catalogue: new products, changed ones, unchanged ones. Rows match
 * an existing product by barcode, else by exact name (issue 14 step 3). Reads only.
 */
export async function planImport(
  db: Queryable,
  storeId: string,
  allRows: ImportRow[],
  today: string = promotionDay(),
): Promise<ImportPlan> {
  // Issue 19: a row with a point of sale is that point's own price, written after the store's rows.
  const rows = allRows.filter((row) => !row.pointOfSale);
  const existing = await db.select().from(product).where(eq(product.storeId, storeId));
  // Issue 19: Albanian columns count only while the store has Albanian content on (decision 0074).
  const albanian = await albanianContentEnabled(db, storeId);
  const categories = await db
    .select({ id: category.id, name: category.name, nameSq: category.nameSq })
    .from(category)
    .where(eq(category.storeId, storeId));
  const categoryName = new Map(categories.map((row) => [row.id, row.name]));
  const knownCategories = new Set(categories.map((row) => row.name.toLowerCase()));
  const byBarcode = new Map<string, Existing>();
  const byName = new Map<string, Existing>();
  for (const row of existing) {
    if (row.barcode && !byBarcode.has(row.barcode)) byBarcode.set(row.barcode, row);
    if (!byName.has(row.name)) byName.set(row.name, row);
  }

  const plan: ImportPlan = {
    counts: { added: 0, updated: 0, unchanged: 0, skipped: 0 },
    notes: [],
    unchangedDiscounts: [],
    skipped: [],
    added: [],
    updated: [],
    unchanged: [],
    newCategories: [],
    pointOfSaleRows: [],
    categoryNamesSq: albanian ? planCategoryNamesSq(rows, categories) : [],
  };
  const matched = new Set<string>();
  const newCategories = new Map<string, string>();
  const candidates: DiscountCandidate[] = [];
  for (const row of rows) {
    const before = (row.barcode ? byBarcode.get(row.barcode) : undefined) ?? byName.get(row.name);
    if (before && matched.has(before.id)) {
      plan.skipped.push({ line: row.line, reason: "duplicateInFile", cells: [row.name] });
      continue;
    }
    const categoryKey = row.category?.toLowerCase();
    // The first spelling in the file names the new category.
    if (row.category && categoryKey && !knownCategories.has(categoryKey) && !newCategories.has(categoryKey)) {
      newCategories.set(categoryKey, row.category);
    }
    const values = before
      ? valuesOf(row, albanian, before, categoryName.get(before.categoryId ?? "") ?? null)
      : valuesOf(row, albanian);
    if (row.discount) {
      candidates.push({
        line: row.line,
        discount: row.discount,
        productId: before?.id ?? null,
        categoryName: values.category?.toLowerCase() ?? null,
        priceCents: values.priceCents,
      });
      values.discount = row.discount;
    }
    if (!before) {
      plan.added.push(values);
      continue;
    }
    matched.add(before.id);
    const same =
      COMPARED.every((key) => values[key] === before[key]) &&
      (values.category ?? "").toLowerCase() ===
        (categoryName.get(before.categoryId ?? "") ?? "").toLowerCase();
    if (!same) plan.updated.push({ ...values, id: before.id, before });
    else {
      plan.unchanged.push(before.id);
      if (values.discount)
        plan.unchangedDiscounts.push({
          line: row.line,
          id: before.id,
          priceCents: values.priceCents,
          discount: values.discount,
        });
    }
  }
  // The discounts the catalogue's rules let become promotions; the others are noted on their line.
  const { accepted, notes, pointOfSaleIds } = await planDiscounts(db, storeId, candidates, today);
  // Issue 19: an accepted discount carries the points of sale it is limited to (decision 0105).
  const limited = (line: number, discount: ImportDiscount): ImportDiscount => {
    const ids = pointOfSaleIds.get(line);
    return ids ? { ...discount, pointOfSaleIds: ids } : discount;
  };
  for (const values of [...plan.added, ...plan.updated]) {
    if (values.discount && !accepted.has(values.line)) values.discount = undefined;
    else if (values.discount) values.discount = limited(values.line, values.discount);
  }
  plan.unchangedDiscounts = plan.unchangedDiscounts
    .filter((entry) => accepted.has(entry.line))
    .map((entry) => ({ ...entry, discount: limited(entry.line, entry.discount) }));
  plan.notes = notes;
  plan.newCategories = [...newCategories.values()];
  // A point of sale's row prices a product the store has after the import: its products with the
  // file's updates, and the ones the file adds.
  const after = new Map<string, RowProduct>(existing.map((row) => [row.id, row]));
  for (const values of plan.updated) after.set(values.id, { ...values, id: values.id });
  const products = [...after.values(), ...plan.added.map((values) => ({ ...values, id: null }))];
  const points = await planPointOfSaleRows(
    db,
    storeId,
    allRows.filter((row) => row.pointOfSale),
    products,
  );
  plan.pointOfSaleRows = points.rows;
  plan.skipped.push(...points.skipped);
  // Only the rows that change what a point has: a round trip of an export shows none.
  const pointOfSalePrices = await countPointOfSaleChanges(db, storeId, points.rows, products);
  const discounts =
    [...plan.added, ...plan.updated].filter((values) => values.discount).length +
    plan.unchangedDiscounts.length;
  plan.counts = {
    added: plan.added.length,
    updated: plan.updated.length,
    unchanged: plan.unchanged.length,
    skipped: plan.skipped.length,
    ...(discounts > 0 ? { discounts } : {}),
    ...(pointOfSalePrices > 0 ? { pointOfSalePrices } : {}),
    ...(plan.categoryNamesSq.length > 0 ? { categoryNamesSq: plan.categoryNamesSq.length } : {}),
  };
  return plan;
}

/** A row over what it updates (a column the file lacks keeps the product's value) or over defaults. */
function valuesOf(
  row: ImportRow,
  albanian: boolean,
  before?: Existing,
  beforeCategory: string | null = null,
): ProductValues {
  return {
    line: row.line,
    name: row.name,
    description: row.description !== undefined ? row.description : (before?.description ?? null),
    nameSq: albanian && row.nameSq !== undefined ? row.nameSq : (before?.nameSq ?? null),
    descriptionSq:
      albanian && row.descriptionSq !== undefined ? row.descriptionSq : (before?.descriptionSq ?? null),
    priceCents: row.priceCents,
    regularPriceCents:
      row.regularPriceCents !== undefined ? row.regularPriceCents : (before?.regularPriceCents ?? null),
    vatRate: row.vatRate ?? before?.vatRate ?? "18",
    unit: row.unit ?? before?.unit ?? "piece",
    netQuantityMilli:
      row.netQuantityMilli !== undefined ? row.netQuantityMilli : (before?.netQuantityMilli ?? null),
    netUnit: row.netUnit !== undefined ? row.netUnit : (before?.netUnit ?? null),
    quantity: row.quantity ?? before?.quantity ?? 0,
    availability: row.availability ?? before?.availability ?? "in_stock",
    barcode: row.barcode !== undefined ? row.barcode : (before?.barcode ?? null),
    category: row.category !== undefined ? row.category : beforeCategory,
  };
}

export type CommitResult = {
  counts: ImportCounts;
  skipped: Skipped[];
  notes: ImportNote[];
  productIds: string[];
};

export type CommitOptions = {
  /** Called with (rowsDone, total) after each chunk. */
  onProgress?: (done: number, total: number) => void;
  /** The import job and its file, named by the activity entry (its link to the job's result). */
  jobId?: string;
  fileName?: string;
  /** Rows skipped before the commit (unreadable rows), counted in the activity entry. */
  skippedBefore?: number;
};

/**
 * Plans and writes in one transaction. Price history is per product (every price an import sets or
 * changes, source "import"), as is the activity of a price change; the products an import adds or
 * updates are one activity entry, "products_imported", with the counts and the job (decision 0062).
 */
export async function commitImport(
  ctx: StoreContext,
  rows: ImportRow[],
  options: CommitOptions = {},
): Promise<CommitResult> {
  const onProgress = options.onProgress ?? (() => {});
  // One day for the plan and the promotions it writes (decision 0094: none starts before it).
  const today = promotionDay();
  return ctx.db.transaction(async (tx) => {
    const plan = await planImport(tx, ctx.storeId, rows, today);
    const total = plan.added.length + plan.updated.length;
    const categoryIds = await ensureCategories(tx, ctx.storeId, plan.newCategories);
    await writeCategoryNamesSq(tx, ctx.storeId, plan.categoryNamesSq, categoryIds);
    const categoryOf = (values: ProductValues) =>
      values.category === null ? null : (categoryIds.get(values.category.toLowerCase()) ?? null);
    const productIds: string[] = [];
    let done = 0;
    const history: PriceChange[] = [];
    const activity: ActivityEntry[] = [];
    const base = { storeId: ctx.storeId, actorId: ctx.actor.userId };
    const bulk = await bulkTrigramIndex(tx, total);

    for (let start = 0; start < plan.added.length; start += CHUNK) {
      const chunk = plan.added.slice(start, start + CHUNK);
      const ids = await insertProducts(tx, ctx.storeId, chunk, categoryOf);
      chunk.forEach((values, index) => {
        const id = ids[index]!;
        productIds.push(id);
        history.push({
          productId: id,
          oldPriceCents: null,
          newPriceCents: values.priceCents,
          source: "import",
        });
      });
      done += chunk.length;
      onProgress(done, total);
      // Decision 0107: the event loop runs between chunks, inside the one transaction.
      await letOthersRun();
    }
    for (let start = 0; start < plan.updated.length; start += CHUNK) {
      const chunk = plan.updated.slice(start, start + CHUNK);
      await updateProducts(tx, ctx.storeId, chunk, categoryOf);
      for (const values of chunk) {
        productIds.push(values.id);
        const entry = { ...base, productId: values.id, categoryId: categoryOf(values) };
        if (values.priceCents !== values.before.priceCents) {
          history.push({
            productId: values.id,
            oldPriceCents: values.before.priceCents,
            newPriceCents: values.priceCents,
            source: "import",
          });
          activity.push({
            ...entry,
            type: "price_updated",
            details: {
              name: values.name,
              oldPriceCents: values.before.priceCents,
              newPriceCents: values.priceCents,
              source: "import",
            },
          });
        }
      }
      done += chunk.length;
      onProgress(done, total);
      await letOthersRun();
    }
    await bulk.done();
    for (let start = 0; start < history.length; start += CHUNK * 5) {
      await insertHistory(tx, ctx.storeId, ctx.actor.userId, history.slice(start, start + CHUNK * 5));
      await letOthersRun();
    }
    for (let start = 0; start < activity.length; start += CHUNK * 5) {
      await insertActivity(tx, ctx.storeId, ctx.actor.userId, activity.slice(start, start + CHUNK * 5));
      await letOthersRun();
    }
    // The discounts last: savePromotion reads the products (and their prices) this transaction wrote.
    const discounted = [
      ...plan.added.flatMap((values, index) =>
        values.discount
          ? [{ productId: productIds[index]!, priceCents: values.priceCents, discount: values.discount }]
          : [],
      ),
      ...plan.updated.flatMap((values) =>
        values.discount
          ? [{ productId: values.id, priceCents: values.priceCents, discount: values.discount }]
          : [],
      ),
      ...plan.unchangedDiscounts.map((entry) => ({
        productId: entry.id,
        priceCents: entry.priceCents,
        discount: entry.discount,
      })),
    ];
    if (discounted.length > 0)
      await writeDiscounts({ ...ctx, db: tx }, discounted, options.fileName ?? "", today);
    const points = await importPointOfSaleRows(tx, ctx, plan.pointOfSaleRows);
    if (plan.counts.pointOfSalePrices !== undefined) plan.counts.pointOfSalePrices = points.written;
    // The plan found every row's product; a row the write could not place is still reported.
    plan.skipped.push(...points.skipped);
    plan.counts.skipped += points.skipped.length;
    const categoriesSq = plan.categoryNamesSq.length;
    if (plan.counts.added + plan.counts.updated + discounted.length + points.written + categoriesSq > 0) {
      await recordActivity(tx, {
        ...base,
        type: "products_imported",
        details: {
          source: "import",
          jobId: options.jobId ?? null,
          name: options.fileName ?? "",
          ...plan.counts,
          skipped: plan.counts.skipped + (options.skippedBefore ?? 0),
          priceChanges: history.filter((change) => change.oldPriceCents !== null).length,
        },
      });
    }
    return { counts: plan.counts, skipped: plan.skipped, notes: plan.notes, productIds };
  });
}

/** The store's categories by lower-case name, creating the ones the file names that are missing. */
async function ensureCategories(
  tx: Queryable,
  storeId: string,
  names: string[],
): Promise<Map<string, string>> {
  if (names.length > 0) {
    await tx
      .insert(category)
      .values(names.map((name) => ({ storeId, name: name.slice(0, 100) })))
      .onConflictDoNothing();
  }
  const rows = await tx
    .select({ id: category.id, name: category.name })
    .from(category)
    .where(eq(category.storeId, storeId));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

/** The columns of a chunk as one array each, for unnest(). */
function columns(chunk: ProductValues[], categoryOf: (values: ProductValues) => string | null) {
  return {
    name: chunk.map((v) => v.name),
    description: chunk.map((v) => v.description),
    nameSq: chunk.map((v) => v.nameSq),
    descriptionSq: chunk.map((v) => v.descriptionSq),
    price: chunk.map((v) => v.priceCents),
    regular: chunk.map((v) => v.regularPriceCents),
    vat: chunk.map((v) => v.vatRate),
    unit: chunk.map((v) => v.unit),
    netQuantity: chunk.map((v) => v.netQuantityMilli),
    netUnit: chunk.map((v) => v.netUnit),
    quantity: chunk.map((v) => v.quantity),
    availability: chunk.map((v) => v.availability),
    barcode: chunk.map((v) => v.barcode),
    category: chunk.map((v) => categoryOf(v)),
    search: chunk.map(productSearchText),
  };
}

const array = (values: unknown[]) => sql.param(values);

async function insertProducts(
  tx: Queryable,
  storeId: string,
  chunk: ProductValues[],
  categoryOf: (values: ProductValues) => string | null,
): Promise<string[]> {
  const c = columns(chunk, categoryOf);
  // Ids made here, so each row's id is known without relying on the order RETURNING answers in.
  const ids = chunk.map(() => crypto.randomUUID());
  await tx.execute(sql`
    insert into product (id, store_id, name, description, price_cents, regular_price_cents, vat_rate, unit,
      net_quantity_milli, net_unit, quantity, availability, barcode, category_id, search_text, name_sq,
      description_sq)
    select u.id, ${storeId}::uuid, u.name, u.description, u.price, u.regular, u.vat, u.unit, u.net_quantity,
      u.net_unit, u.quantity, u.availability, u.barcode, u.category, u.search, u.name_sq, u.description_sq
    from unnest(${array(ids)}::uuid[], ${array(c.name)}::text[], ${array(c.description)}::text[],
      ${array(c.price)}::bigint[], ${array(c.regular)}::bigint[], ${array(c.vat)}::text[],
      ${array(c.unit)}::text[], ${array(c.netQuantity)}::bigint[], ${array(c.netUnit)}::text[],
      ${array(c.quantity)}::integer[], ${array(c.availability)}::text[], ${array(c.barcode)}::text[],
      ${array(c.category)}::uuid[], ${array(c.search)}::text[], ${array(c.nameSq)}::text[],
      ${array(c.descriptionSq)}::text[])
      as u(id, name, description, price, regular, vat, unit, net_quantity, net_unit, quantity, availability,
        barcode, category, search, name_sq, description_sq)`);
  return ids;
}

async function updateProducts(
  tx: Queryable,
  storeId: string,
  chunk: (ProductValues & { id: string })[],
  categoryOf: (values: ProductValues) => string | null,
): Promise<void> {
  const c = columns(chunk, categoryOf);
  const ids = chunk.map((v) => v.id);
  await tx.execute(sql`
    update product p set name = u.name, description = u.description, price_cents = u.price,
      regular_price_cents = u.regular, vat_rate = u.vat, unit = u.unit, net_quantity_milli = u.net_quantity,
      net_unit = u.net_unit, quantity = u.quantity, availability = u.availability, barcode = u.barcode,
      category_id = u.category, search_text = u.search, name_sq = u.name_sq, description_sq = u.description_sq,
      updated_at = now()
    from unnest(${array(ids)}::uuid[], ${array(c.name)}::text[], ${array(c.description)}::text[],
      ${array(c.price)}::bigint[], ${array(c.regular)}::bigint[], ${array(c.vat)}::text[],
      ${array(c.unit)}::text[], ${array(c.netQuantity)}::bigint[], ${array(c.netUnit)}::text[],
      ${array(c.quantity)}::integer[], ${array(c.availability)}::text[], ${array(c.barcode)}::text[],
      ${array(c.category)}::uuid[], ${array(c.search)}::text[], ${array(c.nameSq)}::text[],
      ${array(c.descriptionSq)}::text[])
      as u(id, name, description, price, regular, vat, unit, net_quantity, net_unit, quantity, availability,
        barcode, category, search, name_sq, description_sq)
    where p.id = u.id and p.id = any(${array(ids)}::uuid[]) and p.store_id = ${storeId}::uuid`);
}

/** The price history rows of recordPriceChanges (pricing), as arrays: same table, same columns. */
async function insertHistory(tx: Queryable, storeId: string, actorId: string | null, changes: PriceChange[]) {
  if (changes.length === 0) return;
  await tx.execute(sql`
    insert into price_history (store_id, product_id, old_price_cents, new_price_cents, source, actor_id)
    select ${storeId}::uuid, u.product_id, u.old_price, u.new_price, 'import', ${actorId}
    from unnest(${array(changes.map((c) => c.productId))}::uuid[],
      ${array(changes.map((c) => c.oldPriceCents))}::bigint[],
      ${array(changes.map((c) => c.newPriceCents))}::bigint[]) as u(product_id, old_price, new_price)`);
}

/** The activity rows of recordActivity (activity), as arrays, with the same search text. */
async function insertActivity(
  tx: Queryable,
  storeId: string,
  actorId: string | null,
  entries: ActivityEntry[],
) {
  if (entries.length === 0) return;
  await tx.execute(sql`
    insert into activity_log (store_id, type, product_id, actor_id, details, category_id, search_text)
    select ${storeId}::uuid, u.type, u.product_id, ${actorId}, u.details, u.category_id, u.search
    from unnest(${array(entries.map((e) => e.type))}::text[],
      ${array(entries.map((e) => e.productId ?? null))}::uuid[],
      ${array(entries.map((e) => JSON.stringify(e.details ?? {})))}::jsonb[],
      ${array(entries.map((e) => e.categoryId ?? null))}::uuid[],
      ${array(entries.map((e) => searchKey(String(e.details?.name ?? ""))))}::text[])
      as u(type, product_id, details, category_id, search)`);
}
