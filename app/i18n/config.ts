export const LOCALES = ["mk", "en", "sq"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "mk";

/** A locale's catalogue: namespace → nested keys → text. */
export type Messages = Record<string, Record<string, unknown>>;
/** The locale lives in local storage and in a cookie valid for one year. */
export const LOCALE_COOKIE = "lang";
export const LOCALE_STORAGE_KEY = "lang";
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** BCP 47 tags for Intl: mk-MK gives "1.200,00 ден.", sq-MK "1200,00 den". */
export const INTL_LOCALE: Record<Locale, string> = { mk: "mk-MK", en: "en-GB", sq: "sq-MK" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function parseLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function localeFromCookieHeader(header: string | null): Locale {
  const match = header?.match(/(?:^|;\s*)lang=([a-z]{2})/);
  return parseLocale(match?.[1]);
}

/**
 * The `lang` cookie. With a real root domain it is shared by the platform and every store's
 * subdomain; browsers refuse a Domain attribute of "localhost", so there it stays per host.
 */
export function localeCookie(locale: Locale, rootDomain?: string): string {
  const domain = rootDomain?.includes(".") ? `; Domain=.${rootDomain}` : "";
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${domain}`;
}
