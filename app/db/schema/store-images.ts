import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { store } from "./stores";

// "My images": every image a store put into the storage (uploads, generated tiles, its
// logo), one row per image whose sizes share `key` (decision 0059). The storage cannot list or
// measure a store's files cheaply (S3 lists are paged and billed), so this ledger is what the
// My images grid lists and what the storage limit adds up.
export const storeImage = pgTable(
  "store_image",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    /** `stores/{storeId}/{kind}/{random}`: the sizes are `{key}-{suffix}.webp`. */
    key: text().notNull().unique(),
    kind: text({ enum: ["product", "logo"] }).notNull(),
    /** Every size's bytes together (0 for images stored before the ledger existed). */
    bytes: integer().notNull().default(0),
    width: integer(),
    height: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("store_image_store_created_idx").on(t.storeId, t.createdAt),
    // The target of post.image_id's (store_id, image_id) key: a post can only show its own store's image.
    unique("store_image_store_id_id_key").on(t.storeId, t.id),
    // A row can only name a key under its own store's folder.
    check(
      "store_image_key_check",
      sql`${t.key} like 'stores/' || ${t.storeId}::text || '/' || ${t.kind} || '/%'`,
    ),
    check("store_image_bytes_check", sql`${t.bytes} >= 0`),
  ],
);
