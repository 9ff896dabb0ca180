// "{{name}}" templates filled without i18next's interpolator: the public page fills the same few
// texts on every render (decision 0009: card labels; app/i18n/use-t.ts: interpolated texts).

// Split once into text and placeholder names; odd positions are names: "a {{x}} b" → ["a ", "x", " b"].
const compiled = new Map<string, string[]>();

/** The template with each "{{name}}" replaced by its value; a name without a value stays as it is. */
export function fill(template: string, values: Readonly<Record<string, unknown>>): string {
  let parts = compiled.get(template);
  if (!parts) {
    parts = template.split(/\{\{(\w+)\}\}/);
    if (compiled.size < 1_000) compiled.set(template, parts);
  }
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    out += (Object.hasOwn(values, name) ? String(values[name]) : `{{${name}}}`) + parts[i + 1]!;
  }
  return out;
}
