import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// DejaVu covers Cyrillic and Albanian (STACK-NOTES): Debian's fonts-dejavu-core first, then the
// dejavu-fonts-ttf package, or a file named by the environment. The PDF price list embeds it; the
// generated product tiles measure their lines with it.

export type FontWeight = "regular" | "bold";

const CANDIDATES: Record<FontWeight, (string | undefined)[]> = {
  regular: [
    process.env.PDF_FONT,
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    packageFont("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  ],
  bold: [
    process.env.PDF_FONT_BOLD,
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    packageFont("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
  ],
};

function packageFont(specifier: string): string | undefined {
  try {
    return createRequire(path.join(process.cwd(), "package.json")).resolve(specifier);
  } catch {
    return undefined;
  }
}

/** The DejaVu Sans file of that weight; throws when none is installed. */
export function dejaVuFont(weight: FontWeight): string {
  const found = CANDIDATES[weight].find((file): file is string => Boolean(file) && existsSync(file!));
  if (!found) throw new Error("No DejaVu font: install fonts-dejavu-core or set PDF_FONT");
  return found;
}
