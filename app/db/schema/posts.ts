import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { storeImage } from "./store-images";
import { store } from "./stores";

// Decision 0060: a store's short announcements, shown on its public page once published and due
// (publishOn is a Europe/Skopje day, like promotions).
export const post = pgTable(
  "post",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /** Plain text with line breaks; escaped and autolinked only when rendered. */
    body: text().notNull().default(""),
    imageId: uuid(),
    published: boolean().notNull().default(false),
    publishOn: date({ mode: "string" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("post_store_publish_idx").on(t.storeId, t.publishOn),
    // The image is one of the same store's images, and it cannot be deleted while a post shows it
    // (NO ACTION, checked at the end of the statement, so deleting the store removes both).
    foreignKey({
      name: "post_store_image_fk",
      columns: [t.storeId, t.imageId],
      foreignColumns: [storeImage.storeId, storeImage.id],
    }).onDelete("no action"),
    check("post_title_check", sql`char_length(${t.title}) between 1 and 255`),
    check("post_body_check", sql`char_length(${t.body}) <= 5000`),
  ],
);
