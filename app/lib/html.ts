// HTML built as a string, for the few hot paths where React's element-per-node rendering costs more
// than the page can afford (decision 0009: the public page's product cards). Every interpolated
// value is escaped unless it is itself the result of `html`, so markup cannot be injected by data.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/** Text or an attribute value (always written in double quotes) made safe for HTML. */
export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text;
}

/** Markup that is already safe: only `html` and `trustedHtml` make one. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Value = string | number | SafeHtml | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** A template whose interpolations are escaped; null, undefined and false render nothing. */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** A constant written in the source (an icon's SVG), never data. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
