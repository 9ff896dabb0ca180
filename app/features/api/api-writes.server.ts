import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { product } from "~/db/schema/catalog";
import { type ActivityEntry, recordActivity } from "~/features/activity/activity.server";
import { type PriceChange, recordPriceChanges } from "~/features/pricing/price-history.server";
import { albanianContentEnabled } from "~/features/product-language/albanian-content.server";
import { productSearchText } from "~/features/product-language/product-language";
import type { StoreContext } from "~/lib/service-context";
import type { PriceUpdate, ProductUpsert, WriteResult } from "./api.schema";
import { type ProductRow, productsById, toApiProduct } from "./api-products.server";
import { ApiProblem, type FieldProblem } from "./problem";

// Issue 19: the API's writes. A batch (up to 1,000 items) is ONE transaction: every item is
// checked first and any problem refuses the whole batch. Price changes go through the price
// history and activity services every other path uses (source "api"); rows are written with one
// set-based statement per kind, as the import does (decision 0034), so 1,000 items commit in well
// under a second (bench/api).

type Values = Omit<
  ProductRow,
  "id" | "storeId" | "createdAt" | "updatedAt" | "nameOrder" | "nameOrderSq" | "imageUrl"
>;
type Planned = {
  index: number;
  /** The product's id (a new product's once it is inserted). */
  id: string | null;
  before: ProductRow | null;
  values: Values;
  outcome: WriteResult["items"][number]["outcome"];
};

const COMPARED = [
  "name",
  "description",
  "priceCents",
  "regularPriceCents",
  "vatRate",
  "unit",
  "netQuantityMilli",
  "netUnit",
  "quantity",
  "availability",
  "status",
  "barcode",
  "externalId",
  "nameSq",
  "descriptionSq",
] as const satisfies (keyof Values)[];

export type WriteMode = "products" | "prices";
type Item = ProductUpsert | PriceUpdate;

const at = (index: number, field: string) => `#/items/${index}/${field}`;

/** Writes a batch of product upserts or price updates; answers each item's outcome, in order. */
export async function writeProducts(
  ctx: StoreContext,
  mode: WriteMode,
  items: Item[],
  meta: { tokenName: string },
): Promise<WriteResult> {
  refuseDuplicates(items);
  return ctx.db.transaction(async (tx) => {
    const existing = await lockExisting(tx, ctx.storeId, items);
    // Decision 0074: Albanian texts are written only while the store has Albanian content on; when
    // it is off they are ignored and the stored ones kept, as the product form does.
    const albanian = await albanianContentEnabled(tx, ctx.storeId);
    const problems: FieldProblem[] = [];
    const missing: FieldProblem[] = [];
    const conflicts: FieldProblem[] = [];
    const claimed = new Map<string, number>();
    const plan: Planned[] = [];
    items.forEach((item, index) => {
      const match = matchOf(existing, item);
      if (match === "ambiguous") {
        conflicts.push({ pointer: at(index, "barcode"), detail: "several products have this barcode" });
        return;
      }
      if (match) {
        const other = claimed.get(match.id);
        if (other !== undefined) {
          conflicts.push({
            pointer: at(index, "externalId"),
            detail: `names the same product as item ${other}`,
          });
          return;
        }
        claimed.set(match.id, index);
      }
      if (!match && mode === "prices") {
        missing.push({
          pointer: at(index, item.externalId ? "externalId" : "barcode"),
          detail: "no such product",
        });
        return;
      }
      const values = valuesOf(item, match, problems, index, albanian);
      if (!values) return;
      const outcome = !match
        ? "created"
        : COMPARED.every((key) => values[key] === match[key])
          ? "unchanged"
          : "updated";
      plan.push({ index, id: match?.id ?? null, before: match, values, outcome });
    });
    if (problems.length > 0) throw new ApiProblem("validation", { errors: problems });
    if (conflicts.length > 0) throw new ApiProblem("conflict", { errors: conflicts });
    if (missing.length > 0) throw new ApiProblem("not-found", { errors: missing });

    const created = plan.filter((p) => p.outcome === "created");
    const updated = plan.filter((p) => p.outcome === "updated");
    const createdIds = await insertRows(tx, ctx.storeId, created);
    created.forEach((p, i) => {
      p.id = createdIds[i]!;
    });
    await updateRows(tx, ctx.storeId, updated);
    await recordChanges({ ...ctx, db: tx }, plan, meta.tokenName);

    const idOf = (p: Planned) => p.id!;
    const rows = await productsById(tx, ctx.storeId, plan.map(idOf));
    return {
      counts: {
        created: created.length,
        updated: updated.length,
        unchanged: plan.length - created.length - updated.length,
      },
      items: plan.map((p) => ({ outcome: p.outcome, product: toApiProduct(rows.get(idOf(p))!) })),
    };
  });
}

/** Two items of one batch naming the same external id or barcode: refused before anything is read. */
function refuseDuplicates(items: Item[]) {
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const key = item.externalId !== undefined ? `e:${item.externalId}` : `b:${item.barcode}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else
      problems.push({
        pointer: at(index, item.externalId !== undefined ? "externalId" : "barcode"),
        detail: `duplicate of item ${first}`,
      });
  });
  if (problems.length > 0) throw new ApiProblem("validation", { errors: problems });
}

type Existing = { byExternal: Map<string, ProductRow>; byBarcode: Map<string, ProductRow[]> };

/** The products the items name, locked until the transaction ends (no lost update with the dashboard). */
async function lockExisting(tx: Queryable, storeId: string, items: Item[]): Promise<Existing> {
  const externalIds = items.flatMap((item) => (item.externalId !== undefined ? [item.externalId] : []));
  const barcodes = items.flatMap((item) => (item.barcode !== undefined ? [item.barcode] : []));
  const rows = await tx
    .select()
    .from(product)
    .where(
      and(
        eq(product.storeId, storeId),
        or(
          externalIds.length > 0 ? inArray(product.externalId, externalIds) : undefined,
          barcodes.length > 0 ? inArray(product.barcode, barcodes) : undefined,
        ),
      ),
    )
    .orderBy(product.id)
    .for("update");
  const existing: Existing = { byExternal: new Map(), byBarcode: new Map() };
  for (const row of rows) {
    if (row.externalId) existing.byExternal.set(row.externalId, row);
    if (row.barcode)
      existing.byBarcode.set(row.barcode, [...(existing.byBarcode.get(row.barcode) ?? []), row]);
  }
  return existing;
}

/**
 * The product an item names: by external id; else by barcode, among products without an external
 * id when the item has one (the first sync adopts a product typed in the dashboard).
 */
function matchOf(existing: Existing, item: Item): ProductRow | null | "ambiguous" {
  if (item.externalId !== undefined) {
    const byExternal = existing.byExternal.get(item.externalId);
    if (byExternal) return byExternal;
  }
  if (item.barcode === undefined) return null;
  const candidates = (existing.byBarcode.get(item.barcode) ?? []).filter(
    (row) => item.externalId === undefined || row.externalId === null,
  );
  if (candidates.length > 1) return "ambiguous";
  return candidates[0] ?? null;
}

/** The product's values after the item; null (with problems noted) when they break a rule. */
function valuesOf(
  item: Item,
  before: ProductRow | null,
  problems: FieldProblem[],
  index: number,
  albanian: boolean,
): Values | null {
  const given = item as Partial<ProductUpsert>;
  if (!before) {
    if (given.name === undefined)
      problems.push({ pointer: at(index, "name"), detail: "required for a new product" });
    if (given.priceCents === undefined)
      problems.push({ pointer: at(index, "priceCents"), detail: "required for a new product" });
    if (given.name === undefined || given.priceCents === undefined) return null;
  }
  const pick = <K extends keyof Values>(key: K, fallback: Values[K]): Values[K] =>
    (given as Record<string, unknown>)[key] !== undefined
      ? (given[key as keyof ProductUpsert] as Values[K])
      : fallback;
  const values: Values = {
    name: pick("name", before?.name ?? ""),
    description: pick("description", before?.description ?? null),
    nameSq: albanian ? pick("nameSq", before?.nameSq ?? null) : (before?.nameSq ?? null),
    descriptionSq: albanian
      ? pick("descriptionSq", before?.descriptionSq ?? null)
      : (before?.descriptionSq ?? null),
    priceCents: pick("priceCents", before?.priceCents ?? 0),
    regularPriceCents: pick("regularPriceCents", before?.regularPriceCents ?? null),
    vatRate: pick("vatRate", before?.vatRate ?? "18"),
    unit: pick("unit", before?.unit ?? "piece"),
    netQuantityMilli: pick("netQuantityMilli", before?.netQuantityMilli ?? null),
    netUnit: pick("netUnit", before?.netUnit ?? null),
    quantity: pick("quantity", before?.quantity ?? 0),
    availability: pick("availability", before?.availability ?? "in_stock"),
    status: pick("status", before?.status ?? "active"),
    barcode: item.barcode ?? before?.barcode ?? null,
    externalId: item.externalId ?? before?.externalId ?? null,
    categoryId: before?.categoryId ?? null,
    searchText: "",
  };
  values.searchText = productSearchText(values);
  // The product form's rules (product.schema.ts): a regular price is not below the price, and a
  // net quantity has its unit.
  let valid = true;
  if (values.regularPriceCents !== null && values.regularPriceCents < values.priceCents) {
    problems.push({ pointer: at(index, "regularPriceCents"), detail: "must not be below priceCents" });
    valid = false;
  }
  if (values.netQuantityMilli !== null && values.netUnit === null) {
    problems.push({ pointer: at(index, "netUnit"), detail: "required with netQuantityMilli" });
    valid = false;
  }
  if (values.netQuantityMilli === null) values.netUnit = null;
  return valid ? values : null;
}

const array = (values: unknown[]) => sql.param(values);

function columns(plan: Planned[]) {
  const v = plan.map((p) => p.values);
  return sql`${array(v.map((x) => x.name))}::text[], ${array(v.map((x) => x.description))}::text[],
    ${array(v.map((x) => x.nameSq))}::text[], ${array(v.map((x) => x.descriptionSq))}::text[],
    ${array(v.map((x) => x.priceCents))}::bigint[], ${array(v.map((x) => x.regularPriceCents))}::bigint[],
    ${array(v.map((x) => x.vatRate))}::text[], ${array(v.map((x) => x.unit))}::text[],
    ${array(v.map((x) => x.netQuantityMilli))}::bigint[], ${array(v.map((x) => x.netUnit))}::text[],
    ${array(v.map((x) => x.quantity))}::integer[], ${array(v.map((x) => x.availability))}::text[],
    ${array(v.map((x) => x.status))}::text[], ${array(v.map((x) => x.barcode))}::text[],
    ${array(v.map((x) => x.externalId))}::text[], ${array(v.map((x) => x.searchText))}::text[]`;
}
const COLUMN_NAMES = sql.raw(
  "name, description, name_sq, description_sq, price, regular, vat, unit, net_quantity, net_unit, quantity, availability, status, barcode, external_id, search",
);

async function insertRows(tx: Queryable, storeId: string, plan: Planned[]): Promise<string[]> {
  if (plan.length === 0) return [];
  const ids = plan.map(() => crypto.randomUUID());
  await tx.execute(sql`
    insert into product (id, store_id, name, description, name_sq, description_sq, price_cents, regular_price_cents, vat_rate, unit,
      net_quantity_milli, net_unit, quantity, availability, status, barcode, external_id, search_text)
    select u.id, ${storeId}::uuid, u.name, u.description, u.name_sq, u.description_sq, u.price, u.regular, u.vat, u.unit, u.net_quantity,
      u.net_unit, u.quantity, u.availability, u.status, u.barcode, u.external_id, u.search
    from unnest(${array(ids)}::uuid[], ${columns(plan)}) as u(id, ${COLUMN_NAMES})`);
  return ids;
}

async function updateRows(tx: Queryable, storeId: string, plan: Planned[]): Promise<void> {
  if (plan.length === 0) return;
  const ids = plan.map((p) => p.before!.id);
  await tx.execute(sql`
    update product p set name = u.name, description = u.description, name_sq = u.name_sq,
      description_sq = u.description_sq, price_cents = u.price,
      regular_price_cents = u.regular, vat_rate = u.vat, unit = u.unit, net_quantity_milli = u.net_quantity,
      net_unit = u.net_unit, quantity = u.quantity, availability = u.availability, status = u.status,
      barcode = u.barcode, external_id = u.external_id, search_text = u.search, updated_at = now()
    from unnest(${array(ids)}::uuid[], ${columns(plan)}) as u(id, ${COLUMN_NAMES})
    where p.id = u.id and p.id = any(${array(ids)}::uuid[]) and p.store_id = ${storeId}::uuid`);
}

/** Price history (source "api") and activity, through the services every write path uses. */
async function recordChanges(ctx: StoreContext, plan: Planned[], tokenName: string) {
  const history: PriceChange[] = [];
  const activity: ActivityEntry[] = [];
  const base = { storeId: ctx.storeId, actorId: ctx.actor.userId };
  for (const p of plan) {
    if (p.outcome === "unchanged") continue;
    const id = p.id!;
    const entry = { ...base, productId: id, categoryId: p.values.categoryId };
    const details = { name: p.values.name, source: "api", token: tokenName };
    if (p.outcome === "created") {
      history.push({ productId: id, oldPriceCents: null, newPriceCents: p.values.priceCents, source: "api" });
      activity.push({
        ...entry,
        type: "product_added",
        details: { ...details, priceCents: p.values.priceCents },
      });
      continue;
    }
    const before = p.before!;
    if (before.priceCents !== p.values.priceCents) {
      history.push({
        productId: id,
        oldPriceCents: before.priceCents,
        newPriceCents: p.values.priceCents,
        source: "api",
      });
      activity.push({
        ...entry,
        type: "price_updated",
        details: { ...details, oldPriceCents: before.priceCents, newPriceCents: p.values.priceCents },
      });
    }
    const otherChange = COMPARED.some((key) => key !== "priceCents" && p.values[key] !== before[key]);
    if (otherChange) activity.push({ ...entry, type: "product_updated", details });
  }
  await recordPriceChanges(ctx.db, ctx.storeId, ctx.actor.userId, history);
  await recordActivity(ctx.db, activity);
}
