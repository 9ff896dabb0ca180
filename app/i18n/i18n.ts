import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale, Messages } from "./config";

/** A ready i18next instance for one locale, synchronous so the server renders in one pass. */
export function createI18n(locale: Locale, messages: Messages): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: messages },
    ns: Object.keys(messages),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
