// Text the database can store (decision 0121). PostgreSQL's text and jsonb cannot hold U+0000, and a
// string with an unpaired UTF-16 surrogate ("\ud800" in JSON) has no UTF-8 form: either one, sent
// in a path, a query, a form or a JSON body, used to reach a query and fail it with a 500. Input
// is refused where it enters instead; a real text never contains them.

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes("\0") && !UNPAIRED_SURROGATE.test(text);
}

const MAX_PATH = 32;

/**
 * Where the first unstorable string (a value or an object's key) sits in a parsed JSON value, as
 * the keys from the root; null when every string is storable. Walked without recursion: a 2 MiB
 * body can nest a million arrays deep.
 */
export function unstorableTextAt(value: unknown): (string | number)[] | null {
  // Each entry keeps its parent, not a copy of its path: a deep body would copy paths quadratically.
  type Entry = { value: unknown; key?: string | number; parent?: Entry };
  const pathOf = (entry: Entry | undefined): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let at = entry; at?.key !== undefined; at = at.parent) path.push(at.key);
    // The first keys are enough to find it; a path a million arrays deep is not an answer.
    return path.reverse().slice(0, MAX_PATH);
  };
  const pending: Entry[] = [{ value }];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const current = entry.value;
    if (typeof current === "string") {
      if (!isStorableText(current)) return pathOf(entry);
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++)
        pending.push({ value: current[index], key: index, parent: entry });
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return [...pathOf(entry), key];
        pending.push({ value: item, key, parent: entry });
      }
    }
  }
  return null;
}
