// The sizes every stored image is kept in. A module of its own, so that the ledger of a store's
// images (my-images) and the upload path (image.server.ts) both read it without importing each other.

export type ImageKind = "logo" | "product";
export type ImageVariant = { suffix: string; size: number; fit: "cover" | "inside" };

// The public page shows the logo square at up to 96 px (2× → 192) and product photos in cards.
export const IMAGE_VARIANTS: Record<ImageKind, ImageVariant[]> = {
  logo: [
    { suffix: "512", size: 512, fit: "cover" },
    { suffix: "192", size: 192, fit: "cover" },
  ],
  product: [
    { suffix: "800", size: 800, fit: "inside" },
    { suffix: "320", size: 320, fit: "inside" },
  ],
};
