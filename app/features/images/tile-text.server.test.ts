import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { dejaVuFont } from "~/lib/fonts.server";
import { cleanTileName, layoutTileText } from "./tile-text.server";

const BOX = { width: 680, height: 320, lineHeight: 1.18, maxLines: 5 };
const doc = new PDFDocument({ autoFirstPage: false }).font(dejaVuFont("bold"));
const widthOf = (text: string, size: number) => doc.fontSize(size).widthOfString(text);

function expectInside(text: { size: number; lines: string[] }) {
  expect(text.lines.length).toBeLessThanOrEqual(BOX.maxLines);
  expect(text.lines.length * text.size * BOX.lineHeight).toBeLessThanOrEqual(BOX.height);
  for (const line of text.lines) expect(widthOf(line, text.size)).toBeLessThanOrEqual(BOX.width);
}

describe("a product name on its tile", () => {
  it("keeps a short name whole, in the largest size", () => {
    expect(layoutTileText("Леб", BOX)).toEqual({ size: 72, lines: ["Леб"] });
  });

  it("wraps a long Cyrillic name on words, inside the tile", () => {
    const name = "Детергент за садови Фејри Лимон со активна пена и заштита на рацете 1,5 л";
    const text = layoutTileText(name, BOX);
    expectInside(text);
    expect(text.lines.length).toBeGreaterThan(1);
    expect(text.lines.join(" ")).toBe(name);
  });

  it("breaks a word wider than the tile with hyphens, keeping every letter", () => {
    const word = "Супердолгоимечкапроизводнаименованиекоенемапразниместаниедно";
    const text = layoutTileText(`${word} 500 г`, BOX);
    expectInside(text);
    expect(text.lines.length).toBeGreaterThan(1);
    expect(text.lines.join("").replace(/-/g, "").replace(/ /g, "")).toBe(`${word}500г`);
  });

  it("ends a name too long for the tile with an ellipsis", () => {
    const name = Array.from({ length: 40 }, (_, i) => `Збор${i}`).join(" ");
    const text = layoutTileText(name, BOX);
    expectInside(text);
    expect(text.lines.at(-1)).toMatch(/…$/);
  });

  it("drops control characters a file may carry (XML refuses them)", () => {
    expect(cleanTileName("Qumësht\u0000 i\tfreskët\r\n 1 l\u0007")).toBe("Qumësht i freskët 1 l");
  });
});
