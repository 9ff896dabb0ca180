import { messages as en } from "./catalogs/en";
import { messages as mk } from "./catalogs/mk";
import { messages as sq } from "./catalogs/sq";
import type { Locale, Messages } from "./config";

export const resources: Record<Locale, Messages> = { mk, en, sq };
