import type { i18n, TFunction } from "i18next";
import { type Locale, localeFromCookieHeader } from "./config";
import { createI18n } from "./i18n";
import { resources } from "./resources";

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

export function getFixedT(locale: Locale): TFunction {
  return getServerI18n(locale).t;
}
