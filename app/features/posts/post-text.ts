// A post's text is plain text (decision 0060). It is never parsed as HTML: React escapes every piece, line
// breaks become <br>, and only http(s) addresses become links (rel="nofollow noopener ugc").

export type TextPiece =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "break" };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.mk."). */
const TRAILING = /[.,;:!?)\]}»“”'"]+$/;

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function linePieces(line: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const address = raw.replace(TRAILING, "");
    const href = safeHref(address);
    if (!href) continue;
    const start = match.index;
    if (start > last) pieces.push({ kind: "text", text: line.slice(last, start) });
    pieces.push({ kind: "link", text: address, href });
    last = start + address.length;
  }
  if (last < line.length) pieces.push({ kind: "text", text: line.slice(last) });
  return pieces;
}

/** The pieces of a post's text, in order: text, links and line breaks. */
export function postTextPieces(text: string): TextPiece[] {
  return text
    .split("\n")
    .flatMap((line, index) => [...(index > 0 ? [{ kind: "break" } as const] : []), ...linePieces(line)]);
}
