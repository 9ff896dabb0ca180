import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { letOthersRun } from "~/db/let-others-run.server";
import { category, product } from "~/db/schema/catalog";
import { sqlArray, UNNEST_CHUNK } from "~/db/unnest";
import { type ActivityEntry, recordActivity } from "~/features/activity/activity.server";
import {
  type PriceChange,
  type PriceSource,
  recordPriceChanges,
} from "~/features/pricing/price-history.server";
import { albanianContentEnabled } from "~/features/product-language/albanian-content.server";
import { productSearchText } from "~/features/product-language/product-language";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { productRuleProblems } from "./product.schema";

// The one writer of product rows (decision 0122). The form, the import and the REST API hand it a
// batch of rows; it finds each row's product by one rule, merges the row over it, checks the
// schema's rules and the caller's field allow-list (a token's scope), and writes the batch in
// set-based statements (unnest, a few thousand rows each, decision 0034), with the price history
// and the activity through their services. It answers neutral per-row problems; each channel says
// them in its own language (form errors, the import's skipped rows, the API's problem details).

export type Product = typeof product.$inferSelect;

/** The columns a write sets: everything but the keys the database keeps. */
export type ProductValues = Pick<
  Product,
  | "name"
  | "description"
  | "nameSq"
  | "descriptionSq"
  | "priceCents"
  | "regularPriceCents"
  | "vatRate"
  | "unit"
  | "netQuantityMilli"
  | "netUnit"
  | "quantity"
  | "availability"
  | "status"
  | "barcode"
  | "externalId"
  | "categoryId"
  | "imageUrl"
>;
export type ProductField = keyof ProductValues;

/** The fields a `write_prices` write may change (decision 0122: a scope is a field allow-list). */
export const PRICE_FIELDS = ["priceCents", "regularPriceCents"] as const satisfies ProductField[];

/**
 * One row of a write. A field left undefined keeps the product's value (a new product's default);
 * null clears it. `id` names the product to update (the form); null always adds a new one.
 * Without `id` the product is found by the matching rule: external id, then barcode, then name.
 */
export type ProductWrite = Partial<ProductValues> & { id?: string | null };

export type ProblemCode =
  /** A new product without its name or price. */
  | "required"
  /** A field outside the write's allow-list (a token's scope). */
  | "notAllowed"
  /** No product matches, and this write does not add products (or `id` names none). */
  | "notFound"
  /** Several products match the key and nothing narrows them to one. */
  | "ambiguous"
  /** An earlier row of the batch already matched this product (`other` is its index). */
  | "sameProduct"
  | "regularBelowPrice"
  | "netUnitRequired"
  /** Not one of the store's categories. */
  | "categoryInvalid";

/** A row the writer refuses, and the field that says why. Neutral: each channel words it. */
export type RowProblem = { index: number; field: ProductField | "id"; code: ProblemCode; other?: number };

export type Outcome = "created" | "updated" | "unchanged";

export type PlannedRow = {
  index: number;
  outcome: Outcome;
  /** The product's id; a new product's is made at planning, so every row's id is known. */
  id: string;
  before: Product | null;
  /** The product's values after the write. */
  values: ProductValues;
  /** The key that found the product (null: added, or found by id). */
  matchedBy: "externalId" | "barcode" | "name" | null;
};

export type ProductPlan = { rows: PlannedRow[]; problems: RowProblem[] };

export type WriteOptions = {
  source: Extract<PriceSource, "form" | "import" | "api">;
  /** The fields this write may change; absent: all of them. Keys that find the product are not changes. */
  fields?: readonly ProductField[];
  /** Whether a row that matches no product adds one (default: yes, unless `fields` leaves out the name). */
  create?: boolean;
  /**
   * Category ids that are not yet the store's (the import's categories to create, named by the
   * caller until it creates them and puts their ids in the plan's values before `applyProductPlan`).
   */
  pendingCategories?: ReadonlySet<string>;
  /** Added to every activity entry's details (the API's token name). */
  details?: Record<string, unknown>;
  /** Called with (rowsDone, total) after each chunk written. */
  onProgress?: (done: number, total: number) => void;
};

const CHUNK = UNNEST_CHUNK;
/**
 * From this many rows (more than an API batch of 1,000) the writer reads the store's whole catalogue
 * instead of looking the keys up: an API batch reads and locks only what it names (bench:api).
 */
const WHOLE_STORE_FROM = 2000;

const COMPARED: ProductField[] = [
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
  "status",
  "barcode",
  "externalId",
  "categoryId",
  "imageUrl",
];

const DEFAULTS: Omit<ProductValues, "name" | "priceCents"> = {
  description: null,
  nameSq: null,
  descriptionSq: null,
  regularPriceCents: null,
  vatRate: "18",
  unit: "piece",
  netQuantityMilli: null,
  netUnit: null,
  quantity: 0,
  availability: "in_stock",
  status: "active",
  barcode: null,
  externalId: null,
  categoryId: null,
  imageUrl: null,
};

/**
 * What a new product is before its row: read, never written. One object, not a spread per row: on
 * Node 20 a spread with properties added after it costs 2–8 µs, and a 20,000-row import plans every
 * row twice (docs/performance.md, 4 Dec 2026).
 */
const NEW_PRODUCT: Readonly<ProductValues> = Object.freeze({ ...DEFAULTS, name: "", priceCents: 0 });

/**
 * Plans and writes a batch in one transaction. Rows with a problem are not written; the others are
 * unless `allOrNothing`, when any problem writes nothing. Reads `ctx.db` for the plan, so inside a
 * caller's transaction the plan sees that transaction's writes.
 */
export async function writeProducts(
  ctx: StoreContext,
  rows: ProductWrite[],
  options: WriteOptions & { allOrNothing?: boolean },
): Promise<ProductPlan> {
  return ctx.db.transaction(async (tx) => {
    const plan = await planProducts(tx, ctx.storeId, rows, options);
    if (options.allOrNothing && plan.problems.length > 0) return { rows: [], problems: plan.problems };
    await applyProductPlan({ ...ctx, db: tx }, plan, options);
    return plan;
  });
}

type Known = {
  byId: Map<string, Product>;
  byExternal: Map<string, Product>;
  byBarcode: Map<string, Product[]>;
  byName: Map<string, Product[]>;
};

/** What a batch does to the store's products, and the rows it refuses. Reads only. */
export async function planProducts(
  db: Queryable,
  storeId: string,
  rows: ProductWrite[],
  options: WriteOptions,
): Promise<ProductPlan> {
  const known = await readKnown(db, storeId, rows);
  // Decision 0074: Albanian texts are written only while the store has Albanian content on; when it
  // is off they are ignored and the stored ones kept.
  const albanian = await albanianContentEnabled(db, storeId);
  const categories = await storeCategories(db, storeId, rows);
  const allowed = options.fields ? new Set<string>(options.fields) : null;
  const create = options.create ?? (allowed === null || allowed.has("name"));
  // A write that may not change a product's keys finds it by the row's first key only: a fallback
  // match would write the other key onto it.
  const fallback = allowed === null || (allowed.has("externalId") && allowed.has("barcode"));
  const problems: RowProblem[] = [];
  const planned: PlannedRow[] = [];
  const claimed = new Map<string, number>();
  rows.forEach((row, index) => {
    const refuse = (field: RowProblem["field"], code: ProblemCode, other?: number) =>
      problems.push({ index, field, code, ...(other !== undefined ? { other } : {}) });
    const count = problems.length;
    const key = keyOf(row);
    if (allowed) {
      for (const field of Object.keys(row) as (keyof ProductWrite)[]) {
        if (field === "id" || row[field] === undefined || allowed.has(field) || field === key) continue;
        refuse(field, "notAllowed");
      }
    }
    const match = matchOf(known, row, fallback);
    if (match.kind === "ambiguous") refuse(match.field, "ambiguous");
    if (match.kind === "notFound") refuse("id", "notFound");
    const found = match.kind === "found" ? match.product : null;
    if (found) {
      const other = claimed.get(found.id);
      if (other !== undefined)
        refuse(match.kind === "found" ? (match.by ?? "id") : "id", "sameProduct", other);
      else claimed.set(found.id, index);
    }
    if (!found && match.kind === "none") {
      if (!create) refuse(key ?? "externalId", "notFound");
      else {
        if (row.name === undefined) refuse("name", "required");
        if (row.priceCents === undefined) refuse("priceCents", "required");
      }
    }
    if (problems.length > count) return;
    const values = valuesOf(row, found, albanian);
    for (const problem of productRuleProblems(values)) refuse(problem.field, problem.code);
    if (
      values.categoryId !== null &&
      values.categoryId !== found?.categoryId &&
      !categories.has(values.categoryId) &&
      !options.pendingCategories?.has(values.categoryId)
    )
      refuse("categoryId", "categoryInvalid");
    if (problems.length > count) return;
    const outcome: Outcome = !found
      ? "created"
      : COMPARED.every((field) => values[field] === found[field])
        ? "unchanged"
        : "updated";
    planned.push({
      index,
      outcome,
      id: found?.id ?? crypto.randomUUID(),
      before: found,
      values,
      matchedBy: match.kind === "found" ? match.by : null,
    });
  });
  return { rows: planned, problems };
}

/** The key a row names its product by: the first of external id, barcode and name it carries. */
function keyOf(row: ProductWrite): "externalId" | "barcode" | "name" | null {
  if (row.id !== undefined) return null;
  if (row.externalId) return "externalId";
  if (row.barcode) return "barcode";
  if (row.name !== undefined) return "name";
  return null;
}

type Match =
  | { kind: "found"; product: Product; by: "externalId" | "barcode" | "name" | null }
  | { kind: "none" }
  | { kind: "notFound" }
  | { kind: "ambiguous"; field: "barcode" | "name" };

/**
 * The one matching rule (decision 0122). By id when the row gives one. Else by external id; else
 * by barcode; else by exact name. A product that has another external id (or, for the name, another
 * barcode) than the row is another product, so a first sync adopts a product typed in the dashboard
 * without taking one of its siblings. Several candidates at a step are narrowed by the exact name;
 * still several is "ambiguous", the one answer every channel gives. With `fallback` off (a write
 * that may not change keys) only the row's first key is tried.
 */
function matchOf(known: Known, row: ProductWrite, fallback: boolean): Match {
  if (row.id === null) return { kind: "none" };
  if (row.id !== undefined) {
    const byId = known.byId.get(row.id);
    return byId ? { kind: "found", product: byId, by: null } : { kind: "notFound" };
  }
  const first = keyOf(row);
  if (row.externalId) {
    const hit = known.byExternal.get(row.externalId);
    if (hit) return { kind: "found", product: hit, by: "externalId" };
    if (!fallback) return { kind: "none" };
  }
  const free = (candidate: Product) =>
    !row.externalId || candidate.externalId === null || candidate.externalId === row.externalId;
  if (row.barcode) {
    const candidates = (known.byBarcode.get(row.barcode) ?? []).filter(free);
    const one = narrow(candidates, row.name);
    if (one === "ambiguous") return { kind: "ambiguous", field: "barcode" };
    if (one) return { kind: "found", product: one, by: "barcode" };
    if (!fallback && first === "barcode") return { kind: "none" };
  }
  if (row.name !== undefined && (fallback || first === "name")) {
    const candidates = (known.byName.get(row.name) ?? []).filter(
      (candidate) =>
        free(candidate) && (!row.barcode || candidate.barcode === null || candidate.barcode === row.barcode),
    );
    if (candidates.length > 1) return { kind: "ambiguous", field: "name" };
    if (candidates[0]) return { kind: "found", product: candidates[0], by: "name" };
  }
  return { kind: "none" };
}

function narrow(candidates: Product[], name: string | undefined): Product | null | "ambiguous" {
  if (candidates.length <= 1) return candidates[0] ?? null;
  const named = name === undefined ? [] : candidates.filter((candidate) => candidate.name === name);
  return named.length === 1 ? named[0]! : "ambiguous";
}

/**
 * The products the rows may name. A small batch looks its keys up and locks what it finds until the
 * transaction ends (no lost update with the dashboard); a large one (an import) reads the store's
 * catalogue once.
 */
async function readKnown(db: Queryable, storeId: string, rows: ProductWrite[]): Promise<Known> {
  let found: Product[];
  if (rows.length >= WHOLE_STORE_FROM) {
    found = await db.select().from(product).where(eq(product.storeId, storeId));
  } else {
    const ids = rows.flatMap((row) => (row.id && isUuid(row.id) ? [row.id] : []));
    const externalIds = rows.flatMap((row) =>
      row.id === undefined && row.externalId ? [row.externalId] : [],
    );
    const barcodes = rows.flatMap((row) => (row.id === undefined && row.barcode ? [row.barcode] : []));
    const names = rows.flatMap((row) => (row.id === undefined && row.name !== undefined ? [row.name] : []));
    const keys = [
      ids.length > 0 ? inArray(product.id, ids) : undefined,
      externalIds.length > 0 ? inArray(product.externalId, externalIds) : undefined,
      barcodes.length > 0 ? inArray(product.barcode, barcodes) : undefined,
      names.length > 0 ? inArray(product.name, names) : undefined,
    ].filter((key) => key !== undefined);
    found =
      keys.length === 0
        ? []
        : await db
            .select()
            .from(product)
            .where(and(eq(product.storeId, storeId), or(...keys)))
            .orderBy(product.id)
            .for("update");
  }
  const known: Known = { byId: new Map(), byExternal: new Map(), byBarcode: new Map(), byName: new Map() };
  const push = (map: Map<string, Product[]>, key: string, row: Product) => {
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  };
  for (const row of found) {
    known.byId.set(row.id, row);
    if (row.externalId) known.byExternal.set(row.externalId, row);
    if (row.barcode) push(known.byBarcode, row.barcode, row);
    push(known.byName, row.name, row);
  }
  return known;
}

/** The store's category ids among those the rows name. */
async function storeCategories(db: Queryable, storeId: string, rows: ProductWrite[]): Promise<Set<string>> {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.categoryId && isUuid(row.categoryId) ? [row.categoryId] : []))),
  ];
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: category.id })
    .from(category)
    .where(and(eq(category.storeId, storeId), inArray(category.id, ids)));
  return new Set(found.map((row) => row.id));
}

/** The product's values after the row: the row's fields over the product's (or a new one's defaults). */
function valuesOf(row: ProductWrite, before: Product | null, albanian: boolean): ProductValues {
  const base: ProductValues = before ?? NEW_PRODUCT;
  // Each field by name, not in a loop over COMPARED: a 20,000-row import plans every row, and
  // keyed reads and writes of varying names were most of the plan's time (bench:import profile).
  const values: ProductValues = {
    name: given(row.name, base.name),
    description: given(row.description, base.description),
    nameSq: albanian ? given(row.nameSq, base.nameSq) : base.nameSq,
    descriptionSq: albanian ? given(row.descriptionSq, base.descriptionSq) : base.descriptionSq,
    priceCents: given(row.priceCents, base.priceCents),
    regularPriceCents: given(row.regularPriceCents, base.regularPriceCents),
    vatRate: given(row.vatRate, base.vatRate),
    unit: given(row.unit, base.unit),
    netQuantityMilli: given(row.netQuantityMilli, base.netQuantityMilli),
    netUnit: given(row.netUnit, base.netUnit),
    quantity: given(row.quantity, base.quantity),
    availability: given(row.availability, base.availability),
    status: given(row.status, base.status),
    barcode: given(row.barcode, base.barcode),
    externalId: given(row.externalId, base.externalId),
    categoryId: given(row.categoryId, base.categoryId),
    imageUrl: given(row.imageUrl, base.imageUrl),
  };
  if (values.netQuantityMilli === null) values.netUnit = null;
  return values;
}

/** The row's value where it gives one (null included, which clears), else the kept one. */
function given<T>(value: T | undefined, kept: T): T {
  return value === undefined ? kept : value;
}

/** Who the activity of each channel names, and what it logs (each channel's entries as before 0122). */
const ACTIVITY = {
  // The form logs an update even when nothing changed, and a price saved unchanged as "skipped".
  form: { added: true, samePrice: true, updated: "always" },
  api: { added: true, samePrice: false, updated: "changed" },
  // The import logs one "products_imported" for the file itself; here only the price changes.
  import: { added: false, samePrice: false, updated: "never" },
} as const;

/**
 * Writes a plan: new products and changed ones in set-based statements, then their price history
 * and activity through the pricing and activity services. Rows "unchanged" are not written.
 */
export async function applyProductPlan(ctx: StoreContext, plan: ProductPlan, options: WriteOptions) {
  const created = plan.rows.filter((row) => row.outcome === "created");
  const updated = plan.rows.filter((row) => row.outcome === "updated");
  const total = created.length + updated.length;
  const onProgress = options.onProgress ?? (() => {});
  let done = 0;
  for (let start = 0; start < created.length; start += CHUNK) {
    const chunk = created.slice(start, start + CHUNK);
    await insertRows(ctx.db, ctx.storeId, chunk);
    done += chunk.length;
    onProgress(done, total);
    // Decision 0107: the event loop runs between chunks, inside the one transaction.
    if (total > CHUNK) await letOthersRun();
  }
  for (let start = 0; start < updated.length; start += CHUNK) {
    const chunk = updated.slice(start, start + CHUNK);
    await updateRows(ctx.db, ctx.storeId, chunk);
    done += chunk.length;
    onProgress(done, total);
    if (total > CHUNK) await letOthersRun();
  }

  const policy = ACTIVITY[options.source];
  const history: PriceChange[] = [];
  const activity: ActivityEntry[] = [];
  const { storeId } = ctx;
  const actorId = ctx.actor.userId;
  const extra = { ...(options.source === "form" ? {} : { source: options.source }), ...options.details };
  // Each entry spelled out, not spread per row: on Node 20 an object spread with properties after it
  // costs microseconds, and an import runs this for every one of its rows.
  const entry = (row: PlannedRow, type: ActivityEntry["type"], more?: Record<string, unknown>) => ({
    storeId,
    actorId,
    productId: row.id,
    categoryId: row.values.categoryId,
    type,
    details: Object.assign({ name: row.values.name }, extra, more),
  });
  for (const row of plan.rows) {
    const price = row.values.priceCents;
    if (!row.before) {
      history.push({ productId: row.id, oldPriceCents: null, newPriceCents: price, source: options.source });
      if (policy.added) activity.push(entry(row, "product_added", { priceCents: price }));
      continue;
    }
    const old = row.before.priceCents;
    if (old !== price) {
      history.push({ productId: row.id, oldPriceCents: old, newPriceCents: price, source: options.source });
      activity.push(entry(row, "price_updated", { oldPriceCents: old, newPriceCents: price }));
    } else if (policy.samePrice) {
      activity.push(entry(row, "price_update_skipped", { priceCents: price }));
    }
    const before = row.before;
    const otherChange = COMPARED.some(
      (field) => field !== "priceCents" && row.values[field] !== before[field],
    );
    if (policy.updated === "always" || (policy.updated === "changed" && otherChange))
      activity.push(entry(row, "product_updated"));
  }
  await recordPriceChanges(ctx.db, ctx.storeId, ctx.actor.userId, history);
  await recordActivity(ctx.db, activity);
}

/** A chunk's columns as one array each, in the order of COLUMNS, for unnest(). */
function columns(chunk: PlannedRow[]) {
  const v = chunk.map((row) => row.values);
  return sql`${sqlArray(chunk.map((row) => row.id))}::uuid[],
    ${sqlArray(v.map((x) => x.name))}::text[], ${sqlArray(v.map((x) => x.description))}::text[],
    ${sqlArray(v.map((x) => x.nameSq))}::text[], ${sqlArray(v.map((x) => x.descriptionSq))}::text[],
    ${sqlArray(v.map((x) => x.priceCents))}::bigint[], ${sqlArray(v.map((x) => x.regularPriceCents))}::bigint[],
    ${sqlArray(v.map((x) => x.vatRate))}::text[], ${sqlArray(v.map((x) => x.unit))}::text[],
    ${sqlArray(v.map((x) => x.netQuantityMilli))}::bigint[], ${sqlArray(v.map((x) => x.netUnit))}::text[],
    ${sqlArray(v.map((x) => x.quantity))}::integer[], ${sqlArray(v.map((x) => x.availability))}::text[],
    ${sqlArray(v.map((x) => x.status))}::text[], ${sqlArray(v.map((x) => x.barcode))}::text[],
    ${sqlArray(v.map((x) => x.externalId))}::text[], ${sqlArray(v.map((x) => x.categoryId))}::uuid[],
    ${sqlArray(v.map((x) => x.imageUrl))}::text[], ${sqlArray(v.map((x) => productSearchText(x)))}::text[]`;
}
const COLUMNS = sql.raw(
  "id, name, description, name_sq, description_sq, price, regular, vat, unit, net_quantity, net_unit, quantity, availability, status, barcode, external_id, category, image_url, search",
);

async function insertRows(db: Queryable, storeId: string, chunk: PlannedRow[]): Promise<void> {
  if (chunk.length === 0) return;
  await db.execute(sql`
    insert into product (id, store_id, name, description, name_sq, description_sq, price_cents,
      regular_price_cents, vat_rate, unit, net_quantity_milli, net_unit, quantity, availability, status,
      barcode, external_id, category_id, image_url, search_text)
    select u.id, ${storeId}::uuid, u.name, u.description, u.name_sq, u.description_sq, u.price, u.regular,
      u.vat, u.unit, u.net_quantity, u.net_unit, u.quantity, u.availability, u.status, u.barcode,
      u.external_id, u.category, u.image_url, u.search
    from unnest(${columns(chunk)}) as u(${COLUMNS})`);
}

async function updateRows(db: Queryable, storeId: string, chunk: PlannedRow[]): Promise<void> {
  if (chunk.length === 0) return;
  await db.execute(sql`
    update product p set name = u.name, description = u.description, name_sq = u.name_sq,
      description_sq = u.description_sq, price_cents = u.price, regular_price_cents = u.regular,
      vat_rate = u.vat, unit = u.unit, net_quantity_milli = u.net_quantity, net_unit = u.net_unit,
      quantity = u.quantity, availability = u.availability, status = u.status, barcode = u.barcode,
      external_id = u.external_id, category_id = u.category, image_url = u.image_url,
      search_text = u.search, updated_at = now()
    from unnest(${columns(chunk)}) as u(${COLUMNS})
    where p.id = u.id and p.id = any(${sqlArray(chunk.map((row) => row.id))}::uuid[])
      and p.store_id = ${storeId}::uuid`);
}

/**
 * Library images for products that have none yet (the import's "use first image for all"): a
 * product that got an image meanwhile keeps it. Answers the ids that took their image.
 */
export async function setMissingProductImages(
  ctx: StoreContext,
  images: { id: string; imageUrl: string }[],
): Promise<Set<string>> {
  const written = new Set<string>();
  // One statement per chunk (decision 0034), not one per product.
  for (let at = 0; at < images.length; at += CHUNK) {
    const chunk = images.slice(at, at + CHUNK);
    const result = await ctx.db.execute(sql`
      update product p set image_url = u.image_url, updated_at = now()
      from unnest(${sqlArray(chunk.map((image) => image.id))}::uuid[], ${sqlArray(chunk.map((image) => image.imageUrl))}::text[])
        as u(id, image_url)
      where p.id = u.id and p.store_id = ${ctx.storeId}::uuid and p.image_url is null
      returning p.id`);
    // PGlite and node-postgres both answer { rows }.
    for (const row of (result as unknown as { rows: { id: string }[] }).rows) written.add(row.id);
  }
  return written;
}

/**
 * An admin's removal of a shared library entry takes its image from every store's products that
 * show it (decision 0078). Answers the stores of the products it touched, one per product.
 */
export async function clearProductImages(db: Queryable, urls: string[]): Promise<{ storeId: string }[]> {
  if (urls.length === 0) return [];
  return db
    .update(product)
    .set({ imageUrl: null, updatedAt: new Date() })
    .where(inArray(product.imageUrl, urls))
    .returning({ storeId: product.storeId });
}

/** A category's products become uncategorised (before the category is deleted). */
export async function uncategoriseProducts(ctx: StoreContext, categoryId: string): Promise<void> {
  await ctx.db
    .update(product)
    .set({ categoryId: null })
    .where(and(eq(product.storeId, ctx.storeId), eq(product.categoryId, categoryId)));
}
