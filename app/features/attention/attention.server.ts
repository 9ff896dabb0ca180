import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { product } from "~/db/schema/catalog";
import { NET_UNITS, type NetUnit, VAT_RATES, type VatRate } from "~/db/schema/catalog-enums";
import { libraryImage } from "~/db/schema/library";
import { netQuantityFromName } from "~/features/catalog/net-quantity-from-name";
import { DESCRIPTION_MAX, PRODUCT_NAME_MAX } from "~/features/catalog/product.schema";
import { type ProductWrite, writeProducts } from "~/features/catalog/product-writer.server";
import { listComplianceIssues, needsAttention } from "~/features/compliance/compliance.server";
import { type ComplianceIssue, lacksDescription } from "~/features/compliance/compliance-rules";
import { byNameOrder } from "~/lib/name-order";
import { parseNetQuantity } from "~/lib/net-quantity";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import {
  ATTENTION_CELLS,
  ATTENTION_PAGE_SIZE,
  type AttentionCell,
  type AttentionPage,
  type AttentionRow,
  type AttentionSuggestion,
} from "./attention";

// The needs-attention grid (decision 0127): the products the compliance check names, with only
// the fields it names as cells, offers of what can be known, and one all-or-nothing save through
// the one product writer (decision 0122).

const CELL_OF: Partial<Record<ComplianceIssue, AttentionCell>> = {
  description: "description",
  unitPrice: "netQuantity",
  albanianName: "nameSq",
  vatRate: "vatRate",
};

/** A thousandths amount as the owner writes it ("0,5"). */
function amountOf(milli: number): string {
  return (milli / 1000).toString().replace(".", ",");
}

/**
 * The Albanian spelling of a library entry: its Latin names are "Latin mk; Albanian" ("Mleko;
 * Qumësht"), so only an entry that gives both offers one.
 */
function albanianOf(nameLatin: string): string | undefined {
  const parts = nameLatin
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length >= 2 ? parts[parts.length - 1] : undefined;
}

/** One page of the store's products that need attention, in name order. */
export async function listAttention(ctx: StoreContext, page = 1): Promise<AttentionPage> {
  const where = and(eq(product.storeId, ctx.storeId), needsAttention());
  const [totalRow] = await ctx.db.select({ value: count() }).from(product).where(where);
  const total = totalRow?.value ?? 0;
  const pages = Math.max(1, Math.ceil(total / ATTENTION_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const products = await ctx.db
    .select()
    .from(product)
    .where(where)
    .orderBy(byNameOrder(product.nameOrder), product.id)
    .limit(ATTENTION_PAGE_SIZE)
    .offset((current - 1) * ATTENTION_PAGE_SIZE);
  const issues = await listComplianceIssues(
    ctx,
    products.map((row) => row.id),
  );
  const barcodes = [...new Set(products.map((row) => row.barcode).filter((code): code is string => !!code))];
  // What the library knows of each barcode: its first entry (oldest) that gives the field.
  const library = new Map<string, { nameSq?: string; description?: string }>();
  if (barcodes.length > 0) {
    const entries = await ctx.db
      .select({
        barcode: libraryImage.barcode,
        nameLatin: libraryImage.nameLatin,
        description: libraryImage.description,
      })
      .from(libraryImage)
      .where(and(inArray(libraryImage.barcode, barcodes), isNotNull(libraryImage.barcode)))
      .orderBy(libraryImage.createdAt, libraryImage.id);
    for (const entry of entries) {
      if (!entry.barcode) continue;
      const known = library.get(entry.barcode) ?? {};
      known.nameSq ??= albanianOf(entry.nameLatin);
      known.description ??= entry.description?.trim() || undefined;
      library.set(entry.barcode, known);
    }
  }
  const rows = products.map((row): AttentionRow => {
    const own = issues[row.id] ?? [];
    const cells = ATTENTION_CELLS.filter((cell) => own.some((issue) => CELL_OF[issue] === cell));
    const suggestion: AttentionSuggestion = {};
    if (cells.includes("netQuantity")) {
      const read = netQuantityFromName(row.name);
      if (read)
        suggestion.netQuantity = {
          amount: amountOf(read.netQuantityMilli),
          unit: read.netUnit,
          source: read.source,
        };
    }
    const known = row.barcode ? library.get(row.barcode) : undefined;
    if (cells.includes("nameSq") && known?.nameSq) suggestion.nameSq = known.nameSq;
    // Offered only where the check would take it: not longer than a description may be, and more
    // than the product's own name.
    const description = known?.description;
    if (
      cells.includes("description") &&
      description &&
      description.length <= DESCRIPTION_MAX &&
      !lacksDescription(row.name, description)
    )
      suggestion.description = description;
    return {
      id: row.id,
      name: row.name,
      issues: own,
      cells,
      values: {
        description: row.description ?? "",
        netQuantity: row.netQuantityMilli === null ? "" : amountOf(row.netQuantityMilli),
        netUnit: row.netUnit ?? "",
        nameSq: row.nameSq ?? "",
        vatRate: row.vatRate,
      },
      suggestion,
    };
  });
  return { rows, total, page: current, pages };
}

/** One row of the grid's save, as posted: a cell left out or blank keeps the product's value. */
export type AttentionInput = { id: string } & Partial<Record<AttentionCell | "netUnit", string>>;

/** Cell errors by `${cell}:${id}`, i18n keys; "form" for the save as a whole. */
export type AttentionErrors = Record<string, string>;

export type AttentionSaveResult = { ok: true; saved: number } | { ok: false; errors: AttentionErrors };

/** The rows a grid form posts: `id` repeated, and `${cell}:${id}` per cell. */
export function attentionInputOf(form: FormData): AttentionInput[] {
  const ids = form.getAll("id").map(String);
  return ids.map((id) => {
    const row: AttentionInput = { id };
    for (const cell of [...ATTENTION_CELLS, "netUnit"] as const) {
      const value = form.get(`${cell}:${id}`);
      if (typeof value === "string") row[cell] = value;
    }
    return row;
  });
}

/**
 * Checks every cell, then writes every row that changes something in one all-or-nothing write
 * through the product writer (history and activity as any form edit). An id that is not one of the
 * store's products refuses the whole save.
 */
export async function saveAttention(
  ctx: StoreContext,
  inputs: AttentionInput[],
): Promise<AttentionSaveResult> {
  const errors: AttentionErrors = {};
  const ids = [...new Set(inputs.map((input) => input.id))];
  if (ids.length === 0) return { ok: true, saved: 0 };
  if (ids.length !== inputs.length || ids.some((id) => !isUuid(id)))
    return { ok: false, errors: { form: "compliance:grid.errors.notYours" } };
  const own = await ctx.db
    .select({ id: product.id, name: product.name, nameSq: product.nameSq })
    .from(product)
    .where(and(eq(product.storeId, ctx.storeId), inArray(product.id, ids)));
  if (own.length !== ids.length) return { ok: false, errors: { form: "compliance:grid.errors.notYours" } };
  const names = new Map(own.map((row) => [row.id, row.name]));
  const writes: ProductWrite[] = [];
  const positions: string[] = [];
  for (const input of inputs) {
    const write: ProductWrite = { id: input.id };
    const description = input.description?.trim() ?? "";
    if (description) {
      if (description.length > DESCRIPTION_MAX)
        errors[`description:${input.id}`] = "compliance:grid.errors.tooLong";
      else if (lacksDescription(names.get(input.id) ?? "", description))
        errors[`description:${input.id}`] = "compliance:grid.errors.repeatsName";
      else write.description = description;
    }
    const amount = input.netQuantity?.trim() ?? "";
    if (amount) {
      const parsed = parseNetQuantity(amount);
      const unit = (input.netUnit?.trim() || ("error" in parsed ? "" : parsed.unit) || "") as string;
      if ("error" in parsed || parsed.milli <= 0)
        errors[`netQuantity:${input.id}`] = "compliance:grid.errors.quantity";
      else if (!(NET_UNITS as readonly string[]).includes(unit))
        errors[`netQuantity:${input.id}`] = "compliance:grid.errors.unit";
      else {
        write.netQuantityMilli = parsed.milli;
        write.netUnit = (parsed.unit ?? unit) as NetUnit;
      }
    }
    const nameSq = input.nameSq?.trim() ?? "";
    if (nameSq) {
      if (nameSq.length > PRODUCT_NAME_MAX) errors[`nameSq:${input.id}`] = "compliance:grid.errors.tooLong";
      else write.nameSq = nameSq;
    }
    const vat = input.vatRate?.trim() ?? "";
    if (vat) {
      if (!(VAT_RATES as readonly string[]).includes(vat))
        errors[`vatRate:${input.id}`] = "compliance:grid.errors.vat";
      else write.vatRate = vat as VatRate;
    }
    if (Object.keys(write).length > 1) {
      writes.push(write);
      positions.push(input.id);
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (writes.length === 0) return { ok: true, saved: 0 };
  const plan = await writeProducts(ctx, writes, {
    source: "form",
    create: false,
    fields: ["description", "netQuantityMilli", "netUnit", "nameSq", "vatRate"],
    allOrNothing: true,
  });
  if (plan.problems.length > 0) {
    for (const problem of plan.problems) {
      const id = positions[problem.index];
      const cell =
        problem.field === "netUnit" || problem.field === "netQuantityMilli" ? "netQuantity" : problem.field;
      errors[`${cell}:${id}`] =
        problem.code === "notFound" ? "compliance:grid.errors.notYours" : "compliance:grid.errors.invalid";
    }
    return { ok: false, errors };
  }
  return { ok: true, saved: plan.rows.filter((row) => row.outcome === "updated").length };
}
