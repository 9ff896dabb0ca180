import { messages as en } from "./catalogs/en";
import { messages as mk } from "./catalogs/mk";
import { messages as sq } from "./catalogs/sq";
import type { Locale } from "./config";

/** A locale's catalogue: namespace → nested keys → text. */
export type Messages = Record<string, Record<string, unknown>>;

export const resources: Record<Locale, Messages> = { mk, en, sq };
