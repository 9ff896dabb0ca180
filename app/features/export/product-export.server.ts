import { and, asc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { category, product } from "~/db/schema/catalog";
import { pointOfSale, pointOfSaleProduct } from "~/db/schema/points-of-sale";
import { byName } from "~/features/catalog/product.queries.server";
import {
  ALBANIAN_EXPORT_FIELDS,
  canonicalHeader,
  EXPORT_FIELDS,
  type ImportField,
  LIMITED_PROMOTION_EXPORT_FIELDS,
  POINT_OF_SALE_EXPORT_FIELDS,
} from "~/features/import/columns";
import { discountDurationText } from "~/features/import/discount";
import { exportLabel, exportPrice } from "~/features/import/values";
import {
  promotionDay,
  type RunningPromotions,
  runningPromotions,
} from "~/features/promotions/price-in-effect.server";
import { getFixedT } from "~/i18n/i18n.server";
import { AppError } from "~/lib/app-error";
import { formatQuantity, type MoneyLocale } from "~/lib/money";
import type { StoreContext } from "~/lib/service-context";
import { otherPromotions } from "./other-promotions.server";

// The product export: exactly the columns the import reads (import/columns.ts), headers
// and labels in the owner's language, so export → edit in Excel → import is a round trip with no
// changes. Read in pages by the name order's index, never the whole catalogue at once (decision 0037).

export type ExportRow = {
  id: string;
  nameOrder: string | null;
  name: string;
  description: string | null;
  nameSq: string | null;
  descriptionSq: string | null;
  priceCents: number;
  regularPriceCents: number | null;
  vatRate: string;
  unit: string;
  netQuantityMilli: number | null;
  netUnit: string | null;
  quantity: number;
  availability: string;
  barcode: string | null;
  /** The till's article code (the external id), which a later import matches first. */
  externalId: string | null;
  categoryName: string | null;
  /** The category's Albanian name (category.name_sq). */
  categoryNameSq: string | null;
  /**
   * The promotion running on the export's day (decision 0076), else the product's next scheduled
   * one (decision 0087): its price, type and days.
   */
  discountPriceCents: number | null;
  promotionType: string | null;
  promotionStartsOn: string | null;
  promotionEndsOn: string | null;
  /** Decision 0105: the slugs of the points of sale the promotion is limited to; absent: every one. */
  promotionPointsOfSale?: string[];
  /** A point of sale's own row of the product (its slug), after the product's own row. */
  pointOfSale?: string;
  /** That point of sale leaves the product out (the availability "not sold here"). */
  excluded?: boolean;
  /** That point of sale follows the store's price (its price cell stays empty). */
  followsStorePrice?: boolean;
};

const columnsOf = (running: RunningPromotions) => ({
  id: product.id,
  nameOrder: product.nameOrder,
  name: product.name,
  description: product.description,
  nameSq: product.nameSq,
  descriptionSq: product.descriptionSq,
  priceCents: product.priceCents,
  regularPriceCents: product.regularPriceCents,
  vatRate: product.vatRate,
  unit: product.unit,
  netQuantityMilli: product.netQuantityMilli,
  netUnit: product.netUnit,
  quantity: product.quantity,
  availability: product.availability,
  barcode: product.barcode,
  externalId: product.externalId,
  categoryName: category.name,
  categoryNameSq: category.nameSq,
  discountPriceCents: running.promoPriceCents,
  promotionType: running.promotionType,
  promotionStartsOn: sql<string | null>`${running.startsOn}::text`,
  promotionEndsOn: sql<string | null>`${running.endsOn}::text`,
});

export const EXPORT_PAGE_SIZE = 1000;

/** A point of sale's row of a product with something of its own: a price, an availability, an exclusion. */
const ownRow = sql`(${pointOfSaleProduct.priceCents} is not null or ${pointOfSaleProduct.availability} is not null or ${pointOfSaleProduct.excluded})`;

/** The store's products in name order, a page at a time (keyset: the page after the last row). */
export async function* exportPages(
  ctx: StoreContext,
  pageSize = EXPORT_PAGE_SIZE,
  /** Narrows the products (the needs-attention export, decision 0127); absent: all of them. */
  filter?: SQL,
): AsyncGenerator<ExportRow[]> {
  let after: { nameOrder: string | null; id: string } | null = null;
  const day = promotionDay();
  const running = runningPromotions(ctx.db, ctx.storeId, day);
  const columns = columnsOf(running);
  while (true) {
    const cursor: SQL[] = after
      ? [
          sql`(${product.nameOrder} collate "C", ${product.id}) > (${after.nameOrder} collate "C", ${after.id}::uuid)`,
        ]
      : [];
    const rows: ExportRow[] = await ctx.db
      .select(columns)
      .from(product)
      .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, ctx.storeId)))
      .leftJoin(running, eq(running.productId, product.id))
      .where(and(eq(product.storeId, ctx.storeId), ...(filter ? [filter] : []), ...cursor))
      .orderBy(...byName())
      .limit(pageSize);
    if (rows.length === 0) return;
    yield await withPointOfSaleRows(ctx, await withOtherPromotions(ctx, rows, day));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { nameOrder: last.nameOrder, id: last.id };
  }
}

/**
 * A product with no store-wide promotion running carries the one running at some of its points of
 * sale with their slugs (decision 0105), else its next scheduled one (decision 0087).
 */
async function withOtherPromotions(ctx: StoreContext, rows: ExportRow[], day: string) {
  const waiting = rows.filter((row) => row.discountPriceCents === null).map((row) => row.id);
  const others = await otherPromotions(ctx, waiting, day);
  if (others.size === 0) return rows;
  return rows.map((row) => {
    const next = row.discountPriceCents === null ? others.get(row.id) : undefined;
    return next
      ? {
          ...row,
          discountPriceCents: next.priceCents,
          promotionType: next.type,
          promotionStartsOn: next.startsOn,
          promotionEndsOn: next.endsOn,
          promotionPointsOfSale: next.pointsOfSale,
        }
      : row;
  });
}

/**
 * After each product, a row per point of sale with its own price or availability of it,
 * or that leaves it out: its own price (an empty cell: it follows the store's, decision 0105) and
 * the availability in effect there, or "not sold here" for a product left out; no promotion
 * columns. The import reads such a row back as that point's override or exclusion.
 */
async function withPointOfSaleRows(ctx: StoreContext, rows: ExportRow[]): Promise<ExportRow[]> {
  const overrides = await ctx.db
    .select({
      productId: pointOfSaleProduct.productId,
      slug: pointOfSale.slug,
      priceCents: pointOfSaleProduct.priceCents,
      availability: pointOfSaleProduct.availability,
      excluded: pointOfSaleProduct.excluded,
    })
    .from(pointOfSaleProduct)
    .innerJoin(
      pointOfSale,
      and(eq(pointOfSale.id, pointOfSaleProduct.pointOfSaleId), eq(pointOfSale.storeId, ctx.storeId)),
    )
    .where(
      and(
        eq(pointOfSaleProduct.storeId, ctx.storeId),
        inArray(
          pointOfSaleProduct.productId,
          rows.map((row) => row.id),
        ),
        ownRow,
      ),
    )
    .orderBy(asc(pointOfSale.position), asc(pointOfSale.slug));
  if (overrides.length === 0) return rows;
  const byProduct = new Map<string, typeof overrides>();
  for (const row of overrides) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return rows.flatMap((row) => [
    row,
    ...(byProduct.get(row.id) ?? []).map((own) => ({
      ...row,
      priceCents: own.priceCents ?? row.priceCents,
      followsStorePrice: own.priceCents === null,
      availability: own.availability ?? row.availability,
      regularPriceCents: null,
      discountPriceCents: null,
      promotionType: null,
      promotionStartsOn: null,
      promotionEndsOn: null,
      promotionPointsOfSale: undefined,
      pointOfSale: own.slug,
      excluded: own.excluded,
    })),
  ]);
}

/** Whether the export needs its point-of-sale column: some point of sale has its own row of a product. */
export async function hasPointOfSaleRows(ctx: StoreContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: pointOfSaleProduct.productId })
    .from(pointOfSaleProduct)
    .where(and(eq(pointOfSaleProduct.storeId, ctx.storeId), ownRow))
    .limit(1);
  return Boolean(row);
}

/** Whether some product of the store has an article code (the export's code column). */
export async function hasArticleCodes(ctx: StoreContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.storeId, ctx.storeId), isNotNull(product.externalId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The export's pages, the first one read before anything is sent: an empty store is 'No data to
 * export' while the answer can still be an error; a failure later cuts the download.
 */
export async function openExport(ctx: StoreContext, filter?: SQL): Promise<AsyncGenerator<ExportRow[]>> {
  const pages = exportPages(ctx, EXPORT_PAGE_SIZE, filter);
  let first: IteratorResult<ExportRow[]>;
  try {
    first = await pages.next();
  } catch (error) {
    throw new AppError("exportFailed", { cause: error });
  }
  if (first.done) throw new AppError("noDataToExport");
  const firstPage = first.value;
  return (async function* () {
    yield firstPage;
    yield* pages;
  })();
}

/**
 * The columns of a store's export: the Albanian ones when the store enables them, the point of
 * sale when some point of sale has its own prices, and last the discount's points of sale when
 * some promotion is limited to some of them (decision 0105).
 */
export function exportFields(
  albanian: boolean,
  pointsOfSale = false,
  limitedPromotions = false,
  articleCodes = false,
): readonly ImportField[] {
  return [
    // The article code beside the barcode, when some product has one (decision 0126): the next
    // import of the edited file then finds each product by it, as the till's own export does.
    ...EXPORT_FIELDS.flatMap((field) =>
      field === "barcode" && articleCodes ? (["barcode", "externalId"] as const) : [field],
    ),
    ...(albanian ? ALBANIAN_EXPORT_FIELDS : []),
    ...(pointsOfSale ? POINT_OF_SALE_EXPORT_FIELDS : []),
    ...(limitedPromotions ? LIMITED_PROMOTION_EXPORT_FIELDS : []),
  ];
}

export const exportHeaders = (locale: MoneyLocale, fields = EXPORT_FIELDS): string[] =>
  fields.map((field) => canonicalHeader(field, locale));

/** A cell of the export: text, a number (xlsx writes it as a number) or empty. */
export type ExportCell = string | number | null;

/** Net quantity as a label says it: "500 г", "1,5 л"; the import reads it back to the same. */
function netQuantityText(row: ExportRow, locale: MoneyLocale): string | null {
  if (row.netQuantityMilli === null) return null;
  const number = formatQuantity(row.netQuantityMilli, locale);
  return row.netUnit ? `${number} ${exportLabel("unit", row.netUnit, locale)}` : number;
}

/**
 * A product's cells in EXPORT_FIELDS order. Prices and the stock quantity are numbers when the
 * format has numbers (xlsx), else the locale's decimal text ("1234,50"); barcodes stay text, so a
 * leading zero survives.
 */
export function exportCells(
  row: ExportRow,
  locale: MoneyLocale,
  numbers: boolean,
  fields = EXPORT_FIELDS,
): ExportCell[] {
  const price = (cents: number | null) =>
    cents === null ? null : numbers ? cents / 100 : exportPrice(cents, locale);
  // The unit price stays empty (the import computes it); the discount columns are the running
  // promotion's, else the next scheduled one's, which the import reads back as the same promotion
  // (decisions 0076, 0087).
  const cells: Partial<Record<ImportField, ExportCell>> = {
    name: row.name,
    price: row.followsStorePrice ? null : price(row.priceCents),
    regularPrice: price(row.regularPriceCents),
    category: row.categoryName,
    quantity: numbers ? row.quantity : String(row.quantity),
    unit: exportLabel("unit", row.unit, locale),
    netQuantity: netQuantityText(row, locale),
    vatRate: exportLabel("vatRate", row.vatRate, locale),
    barcode: row.barcode,
    externalId: row.externalId,
    description: row.description,
    availability: row.excluded
      ? getFixedT(locale)("import:preview.notSoldHere")
      : exportLabel("availability", row.availability, locale),
    nameSq: row.nameSq,
    descriptionSq: row.descriptionSq,
    categorySq: row.categoryNameSq,
    pointOfSale: row.pointOfSale ?? null,
    ...(row.discountPriceCents !== null && row.promotionType && row.promotionStartsOn && row.promotionEndsOn
      ? {
          discountPrice: price(Number(row.discountPriceCents)),
          discountType: getFixedT(locale)(`pricelist:promotionTypes.${row.promotionType}`),
          discountDuration: discountDurationText(row.promotionStartsOn, row.promotionEndsOn, locale),
          // Decision 0105: the points' slugs, separated as the import splits them.
          discountPointsOfSale: row.promotionPointsOfSale?.join("; ") || null,
        }
      : {}),
  };
  return fields.map((field) => cells[field] ?? null);
}
