import type { i18n } from "i18next";
import { createContext } from "react";
import type { Locale } from "./config";

/**
 * On the server, entry.server provides one ready i18next instance per locale, shared by every request
 * (nothing on the server changes an instance's language); creating one per request cost more than
 * rendering a small page. In the browser the context is empty and root.tsx creates the instance from
 * the catalogue loaded before hydration, so no catalogue is bundled into page scripts.
 */
export const ServerI18nContext = createContext<((locale: Locale) => i18n) | null>(null);
