import type { i18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

// react-i18next's useTranslation() copies the whole i18next instance into a new wrapper object on
// every render, which on the server is every request; on the public store page that was a tenth of
// the render. This hook hands out the context's own instance and one t() per namespace instead.
// The instance changes with the language (root.tsx makes one per locale), which re-renders users.

const fixedTs = new WeakMap<i18n, Map<string, TFunction>>();

export function useT(namespace = "common"): { t: TFunction; i18n: i18n } {
  const { i18n } = useContext(I18nContext);
  let byNamespace = fixedTs.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    fixedTs.set(i18n, byNamespace);
  }
  const key = `${i18n.language}|${namespace}`;
  let t = byNamespace.get(key);
  if (!t) {
    t = remembering(i18n.getFixedT(null, namespace));
    byNamespace.set(key, t);
  }
  return { t, i18n };
}

/**
 * A t() that remembers texts without interpolation: a page asks for the same labels on every render.
 * A key not found (i18next answers with the key) is not remembered: its namespace may load later.
 */
function remembering(fixed: TFunction): TFunction {
  const texts = new Map<string, string>();
  const t = (key: string | string[], options?: unknown) => {
    if (options !== undefined || typeof key !== "string") return fixed(key as never, options as never);
    let text = texts.get(key);
    if (text === undefined) {
      text = String(fixed(key as never));
      if (!text.endsWith(key.slice(key.indexOf(":") + 1))) texts.set(key, text);
    }
    return text;
  };
  return t as TFunction;
}
