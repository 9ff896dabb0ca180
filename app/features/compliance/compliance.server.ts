import { and, count, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { priceHistory } from "~/db/schema/activity";
import { product } from "~/db/schema/catalog";
import { productReport } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import type { StoreContext } from "~/lib/service-context";
import {
  BASIC_FOODS,
  COMPLIANCE_ISSUES,
  type ComplianceIssue,
  DESCRIPTION_KEEP,
  LOWER_CYRILLIC,
  MEASURED_GOODS,
  PACKAGE_UNITS,
  UPPER_CYRILLIC,
} from "./compliance-rules";

// The compliance check (decision 0027; PRODUCT.md "Compliance check"): for every product, what the law
// needs and it lacks. Each rule is one SQL condition on the product row, so the badges, the
// "needs attention" filter (and the bulk actions on everything it matches) and the dashboard's
// count are the same rule. Only active products are on the public list, so only they are checked.

/** Letters of the names' alphabets: what a word of a name is made of. */
const LETTER = "0-9a-zA-Zа-яА-Яѐ-џЀ-ЏçëÇË";

/** A word of the name that starts with one of `stems` (regular expressions), in any case. */
const nameWord = (stems: readonly string[]) => `(^|[^${LETTER}])(${stems.join("|")})`;

/**
 * A net quantity written in the name ("1 л", "500g", "0,5 L", "6 x 60 г"): the product is sold by
 * weight or volume. Both cases are spelled out because PostgreSQL's case folding of Cyrillic
 * depends on the database's locale.
 */
const NAME_QUANTITY = `[0-9][[:space:]]*(kg|gr|g|ml|l|кг|гр|г|мл|л|КГ|ГР|Г|МЛ|Л|Кг|Гр|Мл)([^${LETTER}]|$)`;

/** lacksDescription's skeleton in SQL: Cyrillic folded by hand, so the locale does not matter. */
const skeleton = (column: SQL | typeof product.name) =>
  sql`regexp_replace(lower(translate(coalesce(${column}, ''), ${UPPER_CYRILLIC}, ${LOWER_CYRILLIC})), ${`[^${DESCRIPTION_KEEP}]`}, '', 'g')`;

const active = () => eq(product.status, "active");

/** The one SQL condition per rule, on the `product` table of the surrounding query. */
const RULES: Record<ComplianceIssue, () => SQL> = {
  unitPrice: () =>
    and(
      active(),
      inArray(product.unit, [...PACKAGE_UNITS]),
      sql`${product.netQuantityMilli} is null`,
      or(sql`${product.name} ~* ${NAME_QUANTITY}`, sql`${product.name} ~* ${nameWord(MEASURED_GOODS)}`),
    )!,
  vatRate: () => and(active(), eq(product.vatRate, "18"), sql`${product.name} ~* ${nameWord(BASIC_FOODS)}`)!,
  // None, or the name (or a part of it) repeated: position('' in x) is 1, so no text is caught too.
  description: () =>
    and(active(), sql`position(${skeleton(sql`${product.description}`)} in ${skeleton(product.name)}) > 0`)!,
  // Only while the store has Albanian product content enabled (decision 0074).
  albanianName: () =>
    and(
      active(),
      sql`coalesce(btrim(${product.nameSq}), '') = ''`,
      sql`exists (select 1 from ${store} where ${store.id} = ${product.storeId} and ${store.albanianContent})`,
    )!,
  // Promotions with a type and dates are a later feature: until then every regular price above the
  // selling price is a promotion whose duration the law asks for and the list cannot show.
  promotionDates: () =>
    and(
      active(),
      sql`${product.regularPriceCents} is not null and ${product.regularPriceCents} > ${product.priceCents}`,
    )!,
  // An open price report that no price change has answered since it came in (24 hours to correct).
  reportedPrice: () =>
    and(
      active(),
      sql`exists (select 1 from ${productReport} where ${productReport.storeId} = ${product.storeId}
        and ${productReport.productId} = ${product.id} and ${productReport.status} = 'new'
        and 'price' = any(${productReport.reasons})
        and not exists (select 1 from ${priceHistory} where ${priceHistory.storeId} = ${product.storeId}
          and ${priceHistory.productId} = ${product.id} and ${priceHistory.pointOfSaleId} is null
          and ${priceHistory.changedAt} > ${productReport.createdAt}))`,
    )!,
};

/** The products that need attention: any rule fails. Used by the products list's filter. */
export function needsAttention(): SQL {
  return or(...COMPLIANCE_ISSUES.map((issue) => RULES[issue]()))!;
}

/** What each of the given products lacks; products that lack nothing are left out. */
export async function listComplianceIssues(
  ctx: StoreContext,
  productIds: string[],
): Promise<Record<string, ComplianceIssue[]>> {
  if (productIds.length === 0) return {};
  const flags = Object.fromEntries(
    COMPLIANCE_ISSUES.map((issue) => [issue, sql<boolean>`coalesce(${RULES[issue]()}, false)`]),
  ) as Record<ComplianceIssue, SQL<boolean>>;
  const rows = await ctx.db
    .select({ id: product.id, ...flags })
    .from(product)
    .where(and(eq(product.storeId, ctx.storeId), inArray(product.id, productIds)));
  const result: Record<string, ComplianceIssue[]> = {};
  for (const row of rows) {
    const issues = COMPLIANCE_ISSUES.filter((issue) => row[issue]);
    if (issues.length > 0) result[row.id] = issues;
  }
  return result;
}

/** How many of the store's products need attention (the dashboard's count). */
export async function countNeedsAttention(ctx: StoreContext): Promise<number> {
  const [row] = await ctx.db
    .select({ value: count() })
    .from(product)
    .where(and(eq(product.storeId, ctx.storeId), needsAttention()));
  return row?.value ?? 0;
}

/**
 * The dashboard's count, and how many products the check looked at (the active ones, which the
 * public list shows): a list is complete only when it has products and none needs attention.
 */
export async function summarizeAttention(ctx: StoreContext): Promise<{ attention: number; checked: number }> {
  const [row] = await ctx.db
    .select({
      attention: sql<number>`count(*) filter (where ${needsAttention()})`.mapWith(Number),
      checked: sql<number>`count(*) filter (where ${active()})`.mapWith(Number),
    })
    .from(product)
    .where(eq(product.storeId, ctx.storeId));
  return { attention: row?.attention ?? 0, checked: row?.checked ?? 0 };
}

/** Which of the check's issues some product of the store has (the export's leading columns). */
export async function presentIssues(ctx: StoreContext): Promise<ComplianceIssue[]> {
  const flags = Object.fromEntries(
    COMPLIANCE_ISSUES.map((issue) => [issue, sql<boolean>`coalesce(bool_or(${RULES[issue]()}), false)`]),
  ) as Record<ComplianceIssue, SQL<boolean>>;
  const [row] = await ctx.db.select(flags).from(product).where(eq(product.storeId, ctx.storeId));
  return COMPLIANCE_ISSUES.filter((issue) => row?.[issue]);
}
