/**
 * RFC 8785 (JSON Canonicalization Scheme) for the JSON a seal holds: objects with their members
 * sorted by the UTF-16 code units of their names, no whitespace, strings and numbers as ECMAScript
 * serializes them (which is what RFC 8785 prescribes). Refuses what JSON cannot hold exactly.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("canonical JSON has no NaN or Infinity");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    // The default sort compares UTF-16 code units, RFC 8785's order for member names.
    const names = Object.keys(value).sort();
    const members: string[] = [];
    for (const name of names) {
      const member = value[name];
      if (member === undefined) continue;
      members.push(`${JSON.stringify(name)}:${canonicalJson(member)}`);
    }
    return `{${members.join(",")}}`;
  }
  throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
}
