// The law's discount fields (член 15-а): the percentage and the amount of the reduction from the
// regular price. Until promotions land (a later issue), a product is discounted when its regular
// price is above its selling price; a promotion will add the type and the from–to dates.

export type Discount = { amountCents: number; percent: number };

export function discountOf(priceCents: number, regularPriceCents: number | null): Discount | null {
  if (regularPriceCents === null || regularPriceCents <= priceCents || regularPriceCents <= 0) return null;
  const amountCents = regularPriceCents - priceCents;
  // Whole percent, half up, in integers.
  const percent = Math.floor((amountCents * 200 + regularPriceCents) / (regularPriceCents * 2));
  return { amountCents, percent };
}
