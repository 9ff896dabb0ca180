// Money and net quantities as integers (PRODUCT.md "Money", "Units"): prices are hundredths of a
// denar ("cents"), VAT included; net quantities are thousandths of their unit ("milli").
// Nothing on these paths goes through a binary float: input is parsed digit by digit and
// formatted digit by digit.

export type MoneyLocale = "mk" | "en" | "sq";

/** 1,000,000,000 den: far above any shop price, well inside Number's exact-integer range. */
export const MAX_MONEY_CENTS = 100_000_000_000;

/** One billion units of anything; keeps quantity × price arithmetic comfortably exact. */
export const MAX_QUANTITY_MILLI = 1_000_000_000_000;

import type { NetUnit } from "~/db/schema/catalog-enums";

export type UnitPriceBase = "kg" | "l" | "m" | "m2" | "piece";

// Spaces people and spreadsheets put between thousands: space, NBSP, narrow NBSP, thin space.
const GROUP_SPACE = /[ \u00a0\u202f\u2009]/;
const GROUP_SPACES = /[ \u00a0\u202f\u2009]+/g;
// Currency markers accepted around the number, incl. what formatMoney prints for each locale.
const CURRENCY_SUFFIX = /[\s\u00a0\u202f]*(?:ден\.?|den\.?|mkd)$/i;
const CURRENCY_PREFIX = /^(?:mkd)[\s\u00a0\u202f]*/i;

/**
 * Parses a typed or imported price into cents: "1.200,50", "1,200.50", "1 200,50 ден", "89.9".
 * Both separators present: the last one is decimal. One separator followed by exactly three
 * digits is a thousands separator ("1.200" is 1200 den in mk), otherwise it is decimal.
 * A negative amount comes back negative so the schema can say "must not be negative";
 * anything unparseable, with more than 2 decimals or beyond MAX_MONEY_CENTS is null.
 */
export function parseMoney(input: string): number | null {
  let s = input.trim();
  let negative = false;
  // Intl prints the sign before the currency in some locales ("-MKD 5.00"), after it in others.
  for (let pass = 0; pass < 2; pass++) {
    if (!negative && /^[-\u2212]/.test(s)) {
      negative = true;
      s = s.slice(1).trimStart();
    }
    s = s.replace(CURRENCY_PREFIX, "").replace(CURRENCY_SUFFIX, "");
  }

  const parts = splitDecimal(s, 2);
  if (!parts) return null;
  const cents = digitsToInt(parts.whole, 100) + digitsToInt(parts.fraction.padEnd(2, "0"), 1);
  if (cents > MAX_MONEY_CENTS) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * `1.200,00 ден.` (mk), `MKD 1,200.00` (en), `1200,00 den` (sq); the gap is U+00A0. These are
 * exactly what full ICU prints, written out here because browsers ship reduced ICU data without
 * Macedonian or Albanian: Intl in Chrome prints "MKD 1,200.00" for mk-MK, and the page would
 * change its prices while it hydrates.
 */
export function formatMoney(cents: number, locale: MoneyLocale): string {
  assertCents(cents);
  const style = MONEY_STYLE[locale];
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, "0");
  const grouped = whole.length >= style.minGroupedDigits ? groupThousands(whole, style.group) : whole;
  const sign = cents < 0 ? "-" : "";
  return `${sign}${style.prefix}${grouped}${style.decimal}${fraction}${style.suffix}`;
}

const MONEY_STYLE: Record<
  MoneyLocale,
  { prefix: string; suffix: string; group: string; decimal: string; minGroupedDigits: number }
> = {
  mk: { prefix: "", suffix: "\u00a0ден.", group: ".", decimal: ",", minGroupedDigits: 4 },
  // Albanian groups only from five digits on (CLDR minimumGroupingDigits 2): 1200,00 but 12 000,00.
  sq: { prefix: "", suffix: "\u00a0den", group: "\u00a0", decimal: ",", minGroupedDigits: 5 },
  en: { prefix: "MKD\u00a0", suffix: "", group: ",", decimal: ".", minGroupedDigits: 4 },
};

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** The plain value for a price input: "1200,50" (mk, sq) or "1200.50" (en), "" for no price. */
export function formatMoneyInput(cents: number | null, locale: MoneyLocale): string {
  if (cents === null) return "";
  return centsToDecimalString(cents, locale === "en" ? "." : ",");
}

/**
 * Price per kg / l / m / m² / piece, as the law wants it shown beside the selling price
 * (член 15-а). netQuantityMilli is thousandths of netUnit: 500 g is 500000 with "g".
 * BigInt keeps price × scale exact even for the largest prices; rounding is half away from zero.
 */
export function unitPriceCents(
  priceCents: number,
  netQuantityMilli: number | null,
  netUnit: NetUnit | null,
): { cents: number; per: UnitPriceBase } | null {
  if (netQuantityMilli === null || netUnit === null) return null;
  if (!Number.isSafeInteger(netQuantityMilli) || netQuantityMilli <= 0) return null;
  assertCents(priceCents);
  const { per, scale } = UNIT_BASES[netUnit];
  // price / (milli / 1000 / divisor) = price × 1000 × divisor / milli
  const numerator = BigInt(Math.abs(priceCents)) * BigInt(scale);
  const denominator = BigInt(netQuantityMilli);
  const rounded = Number((numerator * 2n + denominator) / (denominator * 2n));
  return { cents: priceCents < 0 ? -rounded : rounded, per };
}

// scale = 1000 (milli → unit) × how many net units make one base unit (1000 g = 1 kg).
const UNIT_BASES: Record<NetUnit, { per: UnitPriceBase; scale: number }> = {
  g: { per: "kg", scale: 1_000_000 },
  kg: { per: "kg", scale: 1_000 },
  ml: { per: "l", scale: 1_000_000 },
  l: { per: "l", scale: 1_000 },
  m: { per: "m", scale: 1_000 },
  m2: { per: "m2", scale: 1_000 },
  piece: { per: "piece", scale: 1_000 },
};

/**
 * Net quantity input ("0,5", "1.5", "500", "1 000") into thousandths. Up to 3 decimals with a
 * comma or a point; a lone separator is always decimal here, because "1.500" l is 1.5 l on a label.
 * Negative, empty or garbled input is null.
 */
export function parseQuantity(input: string): number | null {
  const s = input.trim();
  if (/[.,].*[.,]/.test(s)) return null;
  const parts = splitDecimal(s, 3, { loneSeparatorIsDecimal: true });
  if (!parts) return null;
  const milli = digitsToInt(parts.whole, 1000) + digitsToInt(parts.fraction.padEnd(3, "0"), 1);
  return milli > MAX_QUANTITY_MILLI ? null : milli;
}

/** "0,5" / "0.5", "1500" (no grouping: "1.500" would read as 1.5 in mk). "" for none. */
export function formatQuantity(milli: number | null, locale: MoneyLocale): string {
  if (milli === null) return "";
  if (!Number.isSafeInteger(milli)) throw new RangeError(`Quantity must be an integer: ${milli}`);
  const abs = Math.abs(milli);
  const whole = Math.trunc(abs / 1000);
  const fraction = String(abs % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  const sign = milli < 0 ? "-" : "";
  return fraction ? `${sign}${whole}${locale === "en" ? "." : ","}${fraction}` : `${sign}${whole}`;
}

// ---------------------------------------------------------------------------------------------

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money must be integer cents: ${cents}`);
}

/** An amount for files and structured data: "1200.50", exact and the same in every locale. */
export function centsToDecimal(cents: number | null): string | null {
  return cents === null ? null : centsToDecimalString(cents, ".");
}

function centsToDecimalString(cents: number, separator: "." | ","): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const sign = cents < 0 ? "-" : "";
  return `${sign}${Math.trunc(abs / 100)}${separator}${String(abs % 100).padStart(2, "0")}`;
}

/** Digits only, already validated; accumulates in integers (never parseFloat). */
function digitsToInt(digits: string, multiplier: number): number {
  let value = 0;
  for (const ch of digits) value = value * 10 + (ch.charCodeAt(0) - 48);
  return value * multiplier;
}

/**
 * Splits "1.200,50" into whole "1200" and fraction "50", validating thousands grouping
 * (first group 1–3 digits, then groups of exactly 3) so "1.2.3" or "12 00" are rejected.
 */
function splitDecimal(
  s: string,
  maxDecimals: number,
  options: { loneSeparatorIsDecimal?: boolean } = {},
): { whole: string; fraction: string } | null {
  if (!/^[0-9.,\s\u00a0\u202f\u2009]+$/.test(s) || !/^[0-9]/.test(s)) return null;
  // Too many digits can only overflow; stop before building huge numbers.
  if (s.replace(/\D/g, "").replace(/^0+/, "").length > 15) return null;

  const lastComma = s.lastIndexOf(",");
  const lastPoint = s.lastIndexOf(".");
  const hasSpaces = GROUP_SPACE.test(s);
  let decimal: "," | "." | null = null;

  if (lastComma >= 0 && lastPoint >= 0) {
    decimal = lastComma > lastPoint ? "," : ".";
  } else if (lastComma >= 0 || lastPoint >= 0) {
    const sep = lastComma >= 0 ? "," : ".";
    const count = s.split(sep).length - 1;
    const afterLast = s.slice(s.lastIndexOf(sep) + 1);
    // Spaces already group thousands, so a lone comma/point next to them is decimal.
    if (count === 1 && (options.loneSeparatorIsDecimal || hasSpaces || !/^\d{3}$/.test(afterLast))) {
      decimal = sep;
    }
  }

  let wholePart = s;
  let fraction = "";
  if (decimal) {
    const at = s.lastIndexOf(decimal);
    wholePart = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (!/^\d+$/.test(fraction) || fraction.length > maxDecimals) return null;
    if (wholePart.includes(decimal)) return null;
  }

  // Whatever separator is left in the whole part groups thousands; only one kind may be used.
  const groupChars = new Set(wholePart.replace(/\d/g, "").replace(GROUP_SPACES, " "));
  if (groupChars.size > 1) return null;
  if (groupChars.size === 1) {
    const groups = wholePart.replace(GROUP_SPACES, " ").split(/[ .,]/);
    const [first, ...rest] = groups;
    if (!first || !/^\d{1,3}$/.test(first) || /^0\d*$/.test(first)) return null;
    if (rest.some((g) => !/^\d{3}$/.test(g))) return null;
    return { whole: groups.join(""), fraction };
  }
  if (!/^\d+$/.test(wholePart)) return null;
  return { whole: wholePart, fraction };
}
