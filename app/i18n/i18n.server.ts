import type { i18n, TFunction } from "i18next";
import { type Locale, localeFromCookieHeader } from "./config";
import { createI18n } from "./i18n";
import { resources } from "./resources";
import { remembering } from "./use-t";

const instances = new Map<Locale, i18n>();

export function getServerI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale, resources[locale]);
    instances.set(locale, instance);
  }
  return instance;
}

export function requestLocale(request: Request): Locale {
  return localeFromCookieHeader(request.headers.get("cookie"));
}

const fixedTs = new Map<Locale, TFunction>();

/** A t() for any namespace ("ns:key") in this locale; it remembers texts and templates (use-t.ts). */
export function getFixedT(locale: Locale): TFunction {
  let t = fixedTs.get(locale);
  if (!t) {
    t = remembering(getServerI18n(locale).t);
    fixedTs.set(locale, t);
  }
  return t;
}
