import type { i18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { fill } from "~/lib/template";

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

// Options that choose the text (plural, context, language, …) or change how it is made: calls with
// any of these always go to i18next.
const I18NEXT_OPTIONS = new Set([
  "count",
  "context",
  "ordinal",
  "defaultValue",
  "lng",
  "lngs",
  "fallbackLng",
  "ns",
  "keyPrefix",
  "replace",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "interpolation",
  "skipInterpolation",
]);

/** Values only (strings and numbers), nothing that makes i18next pick or build the text otherwise. */
function onlyValues(options: unknown): options is Record<string, string | number> {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return false;
  for (const [name, value] of Object.entries(options)) {
    if (I18NEXT_OPTIONS.has(name) || (typeof value !== "string" && typeof value !== "number")) return false;
  }
  return true;
}

/**
 * A t() that remembers texts: a page asks for the same labels on every render. A text with
 * "{{name}}" placeholders is remembered as its template (asked of i18next with each value standing
 * for itself) and filled here; i18next's interpolator costs more than the rest of such a call. A key
 * not found (i18next answers with the key) is not remembered: its namespace may load later.
 */
export function remembering(fixed: TFunction): TFunction {
  const texts = new Map<string, string>();
  const templates = new Map<string, string>();
  const found = (key: string, text: string) => !text.endsWith(key.slice(key.indexOf(":") + 1));
  const t = (key: string | string[], options?: unknown) => {
    if (typeof key !== "string") return fixed(key as never, options as never);
    if (options === undefined) {
      let text = texts.get(key);
      if (text === undefined) {
        text = String(fixed(key as never));
        if (found(key, text)) texts.set(key, text);
      }
      return text;
    }
    if (!onlyValues(options)) return fixed(key as never, options as never);
    let template = templates.get(key);
    if (template === undefined) {
      // With escapeValue off and skipOnVariables on (i18n.ts), "{{name}}" as the value of name
      // comes back unchanged, and a name not given stays "{{name}}" in i18next as in fill().
      const standIns = Object.fromEntries(Object.keys(options).map((name) => [name, `{{${name}}}`]));
      template = String(fixed(key as never, standIns as never));
      if (!found(key, template)) return fixed(key as never, options as never);
      templates.set(key, template);
    }
    return fill(template, options);
  };
  return t as TFunction;
}
