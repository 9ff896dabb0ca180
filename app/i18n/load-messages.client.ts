import type { i18n } from "i18next";
import type { Locale, Messages } from "./config";
import { createI18n } from "./i18n";
import type { MessageScope } from "./namespaces";

// The browser downloads only the language it shows, in two cached chunks (decision 0008): what the
// public pages show, and the rest when a page needs it (PUBLIC_MESSAGES in namespaces.ts).
type Part = "public" | "rest";
type Chunk = () => Promise<{ messages: Messages }>;

// Literal specifiers, so the bundler makes each part its own chunk (vite.config.ts builds them).
const chunks: Record<Locale, Record<Part, Chunk>> = {
  mk: {
    public: () => import("virtual:catalogue/mk-public"),
    rest: () => import("virtual:catalogue/mk-rest"),
  },
  en: {
    public: () => import("virtual:catalogue/en-public"),
    rest: () => import("virtual:catalogue/en-rest"),
  },
  sq: {
    public: () => import("virtual:catalogue/sq-public"),
    rest: () => import("virtual:catalogue/sq-rest"),
  },
};

const loaded = new Map<Locale, Messages>();
const loading = new Map<string, Promise<void>>();
const instances = new Map<Locale, i18n>();

/** Resolves once the namespaces of `scope` in `locale` are in every instance of that locale. */
export function loadMessages(locale: Locale, scope: MessageScope): Promise<void> {
  const parts: Part[] = scope === "all" ? ["public", "rest"] : ["public"];
  return Promise.all(parts.map((part) => loadPart(locale, part))).then(() => undefined);
}

function loadPart(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = chunks[locale][part]().then(({ messages }) => {
      // A namespace can have keys in both parts (PUBLIC_MESSAGES): merged key by key, whichever
      // part arrives first.
      const all = loaded.get(locale) ?? {};
      for (const [namespace, bundle] of Object.entries(messages)) {
        all[namespace] = { ...all[namespace], ...bundle };
        instances.get(locale)?.addResourceBundle(locale, namespace, bundle, true, true);
      }
      loaded.set(locale, all);
    });
    // A failed download (a dropped connection) is tried again by the next navigation.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** The browser's i18next instance for `locale`: what is loaded so far, and later parts as they come. */
export function clientI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale, { ...loaded.get(locale) });
    instances.set(locale, instance);
  }
  return instance;
}
