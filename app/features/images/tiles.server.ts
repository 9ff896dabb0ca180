import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { category, product } from "~/db/schema/catalog";
import { logger } from "~/lib/logger.server";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import {
  deleteImage,
  IMAGE_VARIANTS,
  type ProcessedImage,
  type StoredImage,
  storeImage,
} from "./image.server";
import { TILE_ICONS, type TileIcon, tileIconFor } from "./tile-icons";
import { layoutTileText } from "./tile-text.server";

// "Generate for all" (PRODUCT.md "Import image options", decision 0036): a clean tile per product, its
// name on the brand colour under an icon for its category, drawn here (no external service) and
// stored in the sizes and under the keys an uploaded photo gets, so the public page, the
// thumbnails and the cleanup treat it the same way (decision 0036).

export const TILE_SIZE = 800;
/** Brand green 600 (app/app.css): white text on it reads at 5.4:1. A store has no colour of its own yet. */
export const TILE_BACKGROUND = "#067d47";
const TEXT_BOX = { width: 680, height: 320, lineHeight: 1.18, maxLines: 5 };
/** The icon in a faint circle, above the name; the two together are centred on the tile. */
const ICON = { circle: 150, size: 190, gap: 48 };
/** The icon-only tile: the icon about half the tile, in a circle that leaves a margin at 320 px. */
const ICON_ONLY = { circle: 300, size: 400 };

const iconMarkup = new Map<TileIcon, string>();
function iconSvg(icon: TileIcon): string {
  let markup = iconMarkup.get(icon);
  if (!markup) {
    markup = renderToStaticMarkup(
      createElement(TILE_ICONS[icon], { size: ICON.size, color: "#ffffff", strokeWidth: 1.6 }),
    );
    iconMarkup.set(icon, markup);
  }
  return markup;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The tile as SVG: only our own markup and the escaped name, rendered by sharp on the server. */
export function tileSvg(name: string, icon: TileIcon): string {
  const { size, lines } = layoutTileText(name, TEXT_BOX);
  const step = size * TEXT_BOX.lineHeight;
  const textHeight = lines.length * step;
  const top = (TILE_SIZE - (2 * ICON.circle + ICON.gap + textHeight)) / 2;
  const centreX = TILE_SIZE / 2;
  const centreY = top + ICON.circle;
  // A line's baseline sits about 0.36 of the size below the middle of its line box.
  const firstBaseline = top + 2 * ICON.circle + ICON.gap + step / 2 + size * 0.36;
  const tspans = lines
    .map(
      (line, i) =>
        `<tspan x="${centreX}" y="${(firstBaseline + i * step).toFixed(1)}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  const iconAt = `translate(${centreX - ICON.size / 2} ${centreY - ICON.size / 2})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">
<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${TILE_BACKGROUND}"/>
<circle cx="${centreX}" cy="${centreY}" r="${ICON.circle}" fill="#ffffff" fill-opacity="0.14"/>
<g transform="${iconAt}">${iconSvg(icon)}</g>
<text font-family="DejaVu Sans" font-weight="700" font-size="${size}" fill="#ffffff" text-anchor="middle">${tspans}</text>
</svg>`;
}

/** The icon alone, larger, on the brand colour: the library's starter tiles carry no words (decision 0101). */
export function iconTileSvg(icon: TileIcon): string {
  const centre = TILE_SIZE / 2;
  const scale = ICON_ONLY.size / ICON.size;
  const iconAt = `translate(${centre - ICON_ONLY.size / 2} ${centre - ICON_ONLY.size / 2}) scale(${scale})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">
<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${TILE_BACKGROUND}"/>
<circle cx="${centre}" cy="${centre}" r="${ICON_ONLY.circle}" fill="#ffffff" fill-opacity="0.14"/>
<g transform="${iconAt}">${iconSvg(icon)}</g>
</svg>`;
}

/** A tile with the product's name drawn under its icon (the import's "generate for all"). */
export function renderTile(name: string, icon: TileIcon): Promise<ProcessedImage> {
  return renderSvg(tileSvg(name, icon));
}

/** A tile with the icon only (the library's starter set). */
export function renderIconTile(icon: TileIcon): Promise<ProcessedImage> {
  return renderSvg(iconTileSvg(icon));
}

/**
 * The drawing in the product sizes. WebP effort 1 instead of the default 4: on a flat drawing it
 * halves the encoding time for a file about 15% larger (docs/performance.md).
 */
async function renderSvg(svg: string): Promise<ProcessedImage> {
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const variants = await Promise.all(
    IMAGE_VARIANTS.product.map(async (variant) => ({
      suffix: variant.suffix,
      body: await sharp(data, { raw })
        .resize(variant.size, variant.size, { fit: variant.fit, withoutEnlargement: true })
        .webp({ quality: 82, effort: 1 })
        .toBuffer(),
    })),
  );
  return { width: info.width, height: info.height, variants };
}

type TileTarget = { id: string; name: string; categoryName: string | null };
export type TileResult = { generated: number; skipped: number; failed: number };

/** Products read and attached per round: one query in, one UPDATE out. */
const BATCH = 100;
/** Tiles drawn at once: sharp already uses the thread pool; more only queue behind each other. */
const CONCURRENCY = 2;

/**
 * Draws and attaches a tile for each of these products of the store that has no image yet.
 * Another store's id or a product that got an image meanwhile is skipped, never overwritten.
 */
export async function generateTiles(ctx: StoreContext, productIds: string[]): Promise<TileResult> {
  const ids = [...new Set(productIds)].filter(isUuid);
  const result: TileResult = { generated: 0, skipped: productIds.length - ids.length, failed: 0 };
  for (let start = 0; start < ids.length; start += BATCH) {
    const chunk = ids.slice(start, start + BATCH);
    const targets = await ctx.db
      .select({ id: product.id, name: product.name, categoryName: category.name })
      .from(product)
      .leftJoin(category, and(eq(category.id, product.categoryId), eq(category.storeId, ctx.storeId)))
      .where(and(eq(product.storeId, ctx.storeId), inArray(product.id, chunk), isNull(product.imageUrl)));
    result.skipped += chunk.length - targets.length;
    const stored = await drawAll(ctx, targets, result);
    const attached = await attachTiles(ctx, stored);
    result.generated += attached.size;
    result.skipped += stored.length - attached.size;
    await Promise.all(
      stored
        .filter((tile) => !attached.has(tile.productId))
        .map((tile) => deleteImage(ctx, tile.image.key, "product")),
    );
  }
  return result;
}

type StoredTile = { productId: string; image: StoredImage };

async function drawAll(ctx: StoreContext, targets: TileTarget[], result: TileResult): Promise<StoredTile[]> {
  const stored: StoredTile[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++]!;
      try {
        const tile = await renderTile(target.name, tileIconFor(target.categoryName, target.name));
        stored.push({ productId: target.id, image: await storeImage(ctx, tile, "product") });
      } catch (error) {
        result.failed += 1;
        logger.warn({ err: error, storeId: ctx.storeId, productId: target.id }, "product tile failed");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
  return stored;
}

/** One UPDATE for the batch; only products still without an image take their tile. */
async function attachTiles(ctx: StoreContext, tiles: StoredTile[]): Promise<Set<string>> {
  if (tiles.length === 0) return new Set();
  const values: SQL = sql.join(
    tiles.map((tile) => sql`(${tile.productId}::uuid, ${tile.image.url})`),
    sql`, `,
  );
  // node-postgres and PGlite both answer execute() with { rows }.
  const result = (await ctx.db.execute(sql`
    update ${product} set image_url = tiles.url, updated_at = now()
    from (values ${values}) as tiles(id, url)
    where ${product.storeId} = ${ctx.storeId} and ${product.id} = tiles.id and ${product.imageUrl} is null
    returning ${product.id} as id`)) as unknown as { rows: { id: string }[] };
  return new Set(result.rows.map((row) => row.id));
}
