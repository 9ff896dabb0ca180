import type { Locale } from "~/i18n/config";
import { skopjeDay } from "~/lib/calendar";
import { formatDate, formatTime } from "~/lib/dates";

// The compliance stamp ("Prices confirmed today at 08:12"), one builder for the public page, its
// description for search engines and the PDF (two builders had drifted apart). Isomorphic.

export type PriceStamp = { confirmedAt: string; today: boolean } | null;

/**
 * The stamp of the latest confirmation. `day` is the Skopje day it confirmed when the caller knows
 * it (the confirmation row); otherwise the day it was given on.
 */
export function priceStampOf(
  confirmation: { confirmedAt: Date | string; day?: string } | null,
  now: Date,
): PriceStamp {
  if (!confirmation) return null;
  const confirmedAt = new Date(confirmation.confirmedAt);
  const day = confirmation.day ?? skopjeDay(confirmedAt);
  return { confirmedAt: confirmedAt.toISOString(), today: day === skopjeDay(now) };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The stamp's sentence in the reader's language. */
export function stampText(t: Translate, stamp: PriceStamp, locale: Locale): string {
  if (!stamp) return t("pricelist:stamp.never");
  return stamp.today
    ? t("pricelist:stamp.confirmedToday", {
        date: formatDate(stamp.confirmedAt, locale),
        time: formatTime(stamp.confirmedAt),
      })
    : t("pricelist:stamp.lastConfirmed", { date: formatDate(stamp.confirmedAt, locale) });
}
