// The import's write (decision 0034): every row of one file in ONE transaction — the products, the
// categories the file names, the price history and the activity (source "import") — so an error or
// a kill -9 midway leaves the catalogue exactly as it was. The import plans (which rows, which
// categories, which discounts and points of sale); the products are matched, checked and written by
// the catalogue's product writer, in set-based statements (decisions 0034, 0122).

import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { category, product } from "~/db/schema/catalog";
import { recordActivity } from "~/features/activity/activity.server";
import {
  applyProductPlan,
  type PlannedRow,
  type ProductPlan,
  type ProductWrite,
  planProducts,
  type RowProblem,
} from "~/features/catalog/product-writer.server";
import {
  countPointOfSaleChanges,
  importPointOfSaleRows,
  type RowProduct,
} from "~/features/points-of-sale/import-overrides.server";
import { albanianContentEnabled } from "~/features/product-language/albanian-content.server";
import { promotionDay } from "~/features/promotions/price-in-effect.server";
import type { StoreContext } from "~/lib/service-context";
import { type CategoryNameSq, planCategoryNamesSq, writeCategoryNamesSq } from "./category-names-sq.server";
import { type DiscountCandidate, planDiscounts, writeDiscounts } from "./import-promotions.server";
import { type PointOfSaleRow, planPointOfSaleRows } from "./point-of-sale-rows.server";
import type { ImportDiscount, ImportNote, ImportRow, Skipped, SkipReason } from "./rows";

export type ImportCounts = {
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Products the import puts on a promotion from the file's discount columns (decision 0062). */
  discounts?: number;
  /** Rows with a point of sale, which set that point's own price instead of the store's. */
  pointOfSalePrices?: number;
  /** Categories whose Albanian name the file sets or clears (decision 0106). */
  categoryNamesSq?: number;
};
export type ImportPlan = {
  counts: ImportCounts;
  /** Rows saved without a part of them (a barcode, a discount), each with why. */
  notes: ImportNote[];
  /** Unchanged products that get a promotion from the file's discount columns. */
  unchangedDiscounts: { line: number; id: string; priceCents: number; discount: ImportDiscount }[];
  /**
   * Rows the product writer refuses (the same product twice, "duplicateInFile"; a key several
   * products share; a price below the regular price the product keeps), and point-of-sale rows
   * naming a point of sale or a product the store does not have.
   */
  skipped: Skipped[];
  /** The rows that set a point of sale's own price, written after the store's rows. */
  pointOfSaleRows: PointOfSaleRow[];
  /** The product writer's plan of the store's rows; a new category's id is a placeholder until the commit. */
  products: ProductPlan;
  /** The discount each planned row's product gets, by the row's index in the writer's batch. */
  discounts: Map<number, ImportDiscount>;
  newCategories: string[];
  /** The Albanian names of categories the file changes (decision 0106). */
  categoryNamesSq: CategoryNameSq[];
};

/** A category the file names that the store does not have yet, until the commit creates it. */
const pendingCategory = (lowerName: string) => `pending:${lowerName}`;

/** Each refusal of the product writer as the import's skipped-row reason. */
const SKIP_REASON: Record<RowProblem["code"], SkipReason> = {
  sameProduct: "duplicateInFile",
  ambiguous: "ambiguousMatch",
  regularBelowPrice: "regularBelowPrice",
  netUnitRequired: "netQuantityInvalid",
  required: "nameMissing",
  notAllowed: "nameMissing",
  notFound: "nameMissing",
  categoryInvalid: "nameMissing",
};

/**
 * What the rows do to the store's catalogue: new products, changed ones, unchanged ones. Rows match
 * an existing product by the product writer's one rule: external id, then barcode, then exact name
 * (decision 0122). Reads only.
 */
export async function planImport(
  db: Queryable,
  storeId: string,
  allRows: ImportRow[],
  today: string = promotionDay(),
): Promise<ImportPlan> {
  // A row with a point of sale is that point's own price, written after the store's rows.
  const rows = allRows.filter((row) => !row.pointOfSale);
  // Albanian columns count only while the store has Albanian content on (decision 0074).
  const albanian = await albanianContentEnabled(db, storeId);
  const categories = await db
    .select({ id: category.id, name: category.name, nameSq: category.nameSq })
    .from(category)
    .where(eq(category.storeId, storeId));
  const categoryId = new Map(categories.map((row) => [row.name.toLowerCase(), row.id]));
  const categoryName = new Map(categories.map((row) => [row.id, row.name]));
  const newCategories = new Map<string, string>();
  const pending = new Set<string>();
  const writes = rows.map((row) => {
    const key = row.category?.toLowerCase();
    // The first spelling in the file names the new category.
    if (row.category && key && !categoryId.has(key) && !newCategories.has(key)) {
      newCategories.set(key, row.category);
      pending.add(pendingCategory(key));
    }
    return writeOf(row, key === undefined ? undefined : (categoryId.get(key) ?? pendingCategory(key)));
  });
  const products = await planProducts(db, storeId, writes, {
    source: "import",
    pendingCategories: pending,
  });
  keepOwnNetQuantities(products, rows);

  const plan: ImportPlan = {
    counts: { added: 0, updated: 0, unchanged: 0, skipped: 0 },
    notes: [],
    unchangedDiscounts: [],
    skipped: products.problems.map((problem) => ({
      line: rows[problem.index]!.line,
      reason: SKIP_REASON[problem.code],
      cells: [rows[problem.index]!.name],
    })),
    products,
    discounts: new Map(),
    newCategories: [...newCategories.values()],
    pointOfSaleRows: [],
    categoryNamesSq: albanian ? planCategoryNamesSq(rows, categories) : [],
  };
  const nameOf = (id: string | null) =>
    id === null
      ? null
      : id.startsWith("pending:")
        ? id.slice("pending:".length)
        : (categoryName.get(id) ?? null);
  const candidates: DiscountCandidate[] = products.rows.flatMap((planned) => {
    const row = rows[planned.index]!;
    if (!row.discount) return [];
    return [
      {
        line: row.line,
        discount: row.discount,
        productId: planned.before?.id ?? null,
        categoryName: nameOf(planned.values.categoryId)?.toLowerCase() ?? null,
        priceCents: planned.values.priceCents,
      },
    ];
  });
  // The discounts the catalogue's rules let become promotions; the others are noted on their line.
  const { accepted, notes, pointOfSaleIds } = await planDiscounts(db, storeId, candidates, today);
  for (const planned of products.rows) {
    const row = rows[planned.index]!;
    if (!row.discount || !accepted.has(row.line)) continue;
    // An accepted discount carries the points of sale it is limited to (decision 0105).
    const ids = pointOfSaleIds.get(row.line);
    const discount = ids ? { ...row.discount, pointOfSaleIds: ids } : row.discount;
    if (planned.outcome === "unchanged")
      plan.unchangedDiscounts.push({
        line: row.line,
        id: planned.id,
        priceCents: planned.values.priceCents,
        discount,
      });
    else plan.discounts.set(planned.index, discount);
  }
  plan.notes = notes;
  const pointRows = allRows.filter((row) => row.pointOfSale);
  let pointOfSalePrices = 0;
  if (pointRows.length > 0) {
    // A point of sale's row prices a product the store has after the import: its products with the
    // file's updates, and the ones the file adds.
    const existing = await db.select().from(product).where(eq(product.storeId, storeId));
    const after = new Map<string, RowProduct>(existing.map((row) => [row.id, row]));
    for (const planned of products.rows) {
      if (planned.before) after.set(planned.id, { ...planned.values, id: planned.id });
    }
    const all = [
      ...after.values(),
      ...products.rows
        .filter((planned) => !planned.before)
        .map((planned) => ({ ...planned.values, id: null })),
    ];
    const points = await planPointOfSaleRows(db, storeId, pointRows, all);
    plan.pointOfSaleRows = points.rows;
    plan.skipped.push(...points.skipped);
    // Only the rows that change what a point has: a round trip of an export shows none.
    pointOfSalePrices = await countPointOfSaleChanges(db, storeId, points.rows, all);
  }
  const count = (outcome: PlannedRow["outcome"]) =>
    products.rows.filter((planned) => planned.outcome === outcome).length;
  const discounts = plan.discounts.size + plan.unchangedDiscounts.length;
  plan.counts = {
    added: count("created"),
    updated: count("updated"),
    unchanged: count("unchanged"),
    skipped: plan.skipped.length,
    ...(discounts > 0 ? { discounts } : {}),
    ...(pointOfSalePrices > 0 ? { pointOfSalePrices } : {}),
    ...(plan.categoryNamesSq.length > 0 ? { categoryNamesSq: plan.categoryNamesSq.length } : {}),
  };
  return plan;
}

/**
 * Decision 0126: a net quantity read from the name fills a product that has none; a product with its
 * own (the owner's, or a file's column) keeps it. A row that then changes nothing is unchanged.
 */
function keepOwnNetQuantities(products: ProductPlan, rows: ImportRow[]): void {
  for (const planned of products.rows) {
    const before = planned.before;
    if (!before || before.netQuantityMilli === null || !rows[planned.index]!.netQuantityFromName) continue;
    planned.values.netQuantityMilli = before.netQuantityMilli;
    planned.values.netUnit = before.netUnit;
    const keys = Object.keys(planned.values) as (keyof typeof planned.values)[];
    if (planned.outcome === "updated" && keys.every((key) => planned.values[key] === before[key]))
      planned.outcome = "unchanged";
  }
}

/** A row as the product writer takes it: a column the file lacks is undefined (an update keeps it). */
function writeOf(row: ImportRow, categoryId: string | undefined): ProductWrite {
  return {
    name: row.name,
    priceCents: row.priceCents,
    regularPriceCents: row.regularPriceCents,
    description: row.description,
    nameSq: row.nameSq,
    descriptionSq: row.descriptionSq,
    vatRate: row.vatRate,
    unit: row.unit,
    netQuantityMilli: row.netQuantityMilli,
    netUnit: row.netUnit,
    quantity: row.quantity,
    availability: row.availability,
    barcode: row.barcode,
    externalId: row.externalId,
    categoryId: row.category === null ? null : categoryId,
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
    const categoryIds = await ensureCategories(tx, ctx.storeId, plan.newCategories);
    await writeCategoryNamesSq(tx, ctx.storeId, plan.categoryNamesSq, categoryIds);
    for (const planned of plan.products.rows) {
      const id = planned.values.categoryId;
      if (id?.startsWith("pending:")) planned.values.categoryId = categoryIds.get(id.slice(8)) ?? null;
    }
    const written = plan.products.rows.filter((planned) => planned.outcome !== "unchanged");
    const base = { storeId: ctx.storeId, actorId: ctx.actor.userId };
    await applyProductPlan({ ...ctx, db: tx }, plan.products, { source: "import", onProgress });
    // New products first, then the updated ones, as the result's image matching takes them.
    const productIds = [
      ...written.filter((planned) => planned.outcome === "created"),
      ...written.filter((planned) => planned.outcome === "updated"),
    ].map((planned) => planned.id);
    // The discounts last: savePromotion reads the products (and their prices) this transaction wrote.
    const discounted = [
      ...written.flatMap((planned) => {
        const discount = plan.discounts.get(planned.index);
        return discount ? [{ productId: planned.id, priceCents: planned.values.priceCents, discount }] : [];
      }),
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
          priceChanges: written.filter(
            (planned) => planned.before && planned.before.priceCents !== planned.values.priceCents,
          ).length,
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
