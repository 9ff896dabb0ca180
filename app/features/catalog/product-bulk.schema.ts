import { z } from "zod";
import { parseMoney } from "~/lib/money";

/**
 * A bulk action from the products page (decision 0015). The selection is either the ticked ids of the
 * page or "all": every product matching the filters in `query` (the page's query string), so the
 * browser never holds 20,000 ids.
 */
const selection = {
  scope: z.enum(["ids", "all"]),
  ids: z.array(z.string()).max(100).default([]),
  query: z.string().max(2000).default(""),
};

/** A percentage with a comma or a point, -99.99 to 1000, kept as hundredths of a percent. */
const percent = z
  .string()
  .trim()
  .min(1, "validation:required")
  .transform((value, ctx) => {
    const match = /^([+-]?)(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(value);
    const basis = match ? Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0")) : Number.NaN;
    const signed = match?.[1] === "-" ? -basis : basis;
    if (!Number.isFinite(signed) || signed <= -10_000 || signed > 100_000 || signed === 0) {
      ctx.addIssue({ code: "custom", message: "validation:percentInvalid" });
      return z.NEVER;
    }
    return signed;
  });

const amount = z
  .string()
  .trim()
  .min(1, "validation:required")
  .transform((value, ctx) => {
    const cents = parseMoney(value.replace(/^\+/, ""));
    if (cents === null || cents === 0) {
      ctx.addIssue({ code: "custom", message: "validation:amountInvalid" });
      return z.NEVER;
    }
    return cents;
  });

/** The digest of the preview the owner confirmed; empty asks for the preview (decisions 0032, 0047). */
const plan = z
  .string()
  .regex(/^([0-9a-f]{64})?$/)
  .default("");

export const bulkActionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("delete"),
    ...selection,
    plan,
    // "dialog": the browser's own "Delete N products?" was answered yes, so no server step is needed.
    confirmed: z.enum(["", "dialog"]).default(""),
  }),
  z.object({ action: z.literal("activate"), ...selection }),
  z.object({ action: z.literal("deactivate"), ...selection }),
  z.object({
    action: z.literal("assignCategory"),
    ...selection,
    // "" removes the category.
    categoryId: z.string().trim().default(""),
  }),
  z.object({ action: z.literal("pricePercent"), ...selection, value: percent, plan }),
  z.object({ action: z.literal("priceAmount"), ...selection, value: amount, plan }),
]);

export type BulkAction = z.output<typeof bulkActionSchema>;
export type BulkSelection = Pick<BulkAction, "scope" | "ids" | "query">;

/** Rounds hundredths of a denar to whole denars, halves away from zero. */
export function roundToDenar(cents: number): number {
  return Math.sign(cents) * Math.round(Math.abs(cents) / 100) * 100;
}

/** The new price after a percentage change given in hundredths of a percent, in whole denars. */
export function priceAfterPercent(cents: number, basisPoints: number): number {
  // cents × (10000 + bp) is an exact integer; one division by 10^6 then gives denars.
  return Math.sign(cents) * Math.round((Math.abs(cents) * (10_000 + basisPoints)) / 1_000_000) * 100;
}

export function priceAfterAmount(cents: number, amountCents: number): number {
  return roundToDenar(cents + amountCents);
}
