import { CatalogueCache } from "./catalogue-cache.server";
import { PublicStoreCache } from "./public-store-cache.server";
import { StoreVersions } from "./store-versions.server";

// One per server process: the store versions heard from the database, and the public catalogues
// held in memory against them. server/app.ts starts and stops the listener; the store page reads.
export const storeVersions = new StoreVersions();
export const catalogueCache = new CatalogueCache(storeVersions);
// The public store behind the feeds and the PDF (decision 0100).
export const publicStoreCache = new PublicStoreCache(storeVersions);
