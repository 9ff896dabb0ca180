import PDFDocument from "pdfkit";
import { dejaVuFont } from "~/lib/fonts.server";

// A product name laid out for its generated tile: wrapped on words, in the largest size that fits;
// a word wider than the tile (a long compound, a code) is broken with a hyphen; what still does
// not fit ends in an ellipsis. Widths come from the font librsvg draws with (DejaVu Sans Bold,
// measured through pdfkit's font engine), so a line never overruns the tile.

export type TileTextBox = { width: number; height: number; lineHeight: number; maxLines: number };
export type TileText = { size: number; lines: string[] };

/** Largest first; 36 px on an 800 px tile is still readable in the 320 px thumbnail. */
const SIZES = [72, 64, 58, 52, 46, 40, 36];

let measurer: PDFKit.PDFDocument | null = null;
function widthOf(text: string, size: number): number {
  if (!measurer) {
    measurer = new PDFDocument({ autoFirstPage: false });
    measurer.font(dejaVuFont("bold"));
  }
  return measurer.fontSize(size).widthOfString(text);
}

/** One line of text: no control characters (XML refuses them), single spaces. */
export function cleanTileName(name: string): string {
  return name
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function breakWord(word: string, size: number, maxWidth: number): string[] {
  const chunks: string[] = [];
  let chunk = "";
  for (const char of word) {
    if (chunk && widthOf(`${chunk}${char}-`, size) > maxWidth) {
      chunks.push(`${chunk}-`);
      chunk = "";
    }
    chunk += char;
  }
  chunks.push(chunk);
  return chunks;
}

function wrap(words: string[], size: number, maxWidth: number): { lines: string[]; broken: boolean } {
  const lines: string[] = [];
  let line = "";
  let broken = false;
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (widthOf(word, size) <= maxWidth) {
      line = word;
      continue;
    }
    broken = true;
    const chunks = breakWord(word, size, maxWidth);
    lines.push(...chunks.slice(0, -1));
    line = chunks.at(-1)!;
  }
  if (line) lines.push(line);
  return { lines, broken };
}

function withEllipsis(line: string, size: number, maxWidth: number): string {
  let text = line.replace(/-$/, "");
  while (text && widthOf(`${text}…`, size) > maxWidth) text = [...text].slice(0, -1).join("").trimEnd();
  return `${text}…`;
}

/** The size and lines of a name in the box (the name cleaned first). */
export function layoutTileText(name: string, box: TileTextBox): TileText {
  const words = cleanTileName(name).split(" ").filter(Boolean);
  if (words.length === 0) return { size: SIZES[0]!, lines: [] };
  const linesAt = (size: number) => Math.min(box.maxLines, Math.floor(box.height / (size * box.lineHeight)));
  let fallback: TileText | null = null;
  for (const size of SIZES) {
    const { lines, broken } = wrap(words, size, box.width);
    if (lines.length > linesAt(size)) continue;
    // Breaking a word is the last resort: a smaller size that keeps every word whole is better.
    if (!broken) return { size, lines };
    fallback ??= { size, lines };
  }
  if (fallback) return fallback;
  const size = SIZES.at(-1)!;
  const lines = wrap(words, size, box.width).lines.slice(0, linesAt(size));
  lines[lines.length - 1] = withEllipsis(lines.at(-1)!, size, box.width);
  return { size, lines };
}
