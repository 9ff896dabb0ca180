// Renders the installed dashboard's icons (decision 0131) from the favicon's mark, once: the PNGs in
// public/dashboard/ are committed. Run again after the mark changes: `npx tsx scripts/app-icons.ts`.
import path from "node:path";
import sharp from "sharp";

const MARK = '<path d="M8 9h4l4 11 4-11h4l-6 15h-4z" fill="#fff"/>';
const out = path.resolve("public/dashboard");

/** The favicon as it is: a rounded tile. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#067d47"/>${MARK}</svg>`;
/** Full bleed, the mark within the middle 80% that every mask keeps. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#067d47"/><g transform="translate(16 16.5) scale(0.7) translate(-16 -16.5)">${MARK}</g></svg>`;

for (const size of [192, 512]) {
  await sharp(Buffer.from(tile), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
}
await sharp(Buffer.from(maskable), { density: (72 * 512) / 32 })
  .resize(512, 512)
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, "icon-maskable-512.png"));
await sharp(Buffer.from(maskable), { density: (72 * 180) / 32 })
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, "apple-touch-icon.png"));
