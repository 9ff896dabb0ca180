// Isomorphic: the files page lists these keys without loading the serialiser.

/** The JSON's keys of a product, stable for programs whatever the language (documented on /prices). */
export const JSON_PRODUCT_KEYS = [
  "id",
  "name",
  "category",
  "description",
  "price",
  "regularPrice",
  "discountPercent",
  "discountAmount",
  "discountType",
  "discountFrom",
  "discountTo",
  "priorPrice",
  "unitPrice",
  "unitPricePer",
  "unit",
  "vatRate",
  "availability",
  "barcode",
  "updatedAt",
  // The Albanian texts, last, so every earlier key and CSV column keeps its place.
  "nameSq",
  "descriptionSq",
  "categorySq",
  // The product's photo as an absolute URL, for price-comparison services; added after every other key.
  "image",
] as const;
