import { sql } from "drizzle-orm";
import {
  customType,
  date,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { pointOfSale } from "./points-of-sale";
import { store } from "./stores";

/**
 * Exact bytes. A text column would not do: reading text back decodes it, and the decoder drops a
 * leading byte order mark, which every CSV starts with.
 */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Decision 0130: one signed seal per archived day, of the store's list (point_of_sale_id null) or of
 * one point of sale's. It keeps the exact bytes it seals, and the archive serves those bytes from
 * then on, so the hashes in the seal stay true whatever the code that builds files becomes.
 * Rows are only ever inserted.
 */
export const priceSeal = pgTable(
  "price_seal",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => store.id, { onDelete: "cascade" }),
    pointOfSaleId: uuid(),
    day: date({ mode: "string" }).notNull(),
    /** The seal as served at …/prices/{day}.seal.json, byte for byte. */
    seal: text().notNull(),
    /** Hex SHA-256 of the seal's canonical (RFC 8785) bytes: the next day's `previous`. */
    digest: text().notNull(),
    json: bytes().notNull(),
    csv: bytes().notNull(),
    /** When the sealed snapshot was taken (the archive's Last-Modified and ETag stay as they were). */
    snapshotAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "price_seal_point_fk",
      columns: [t.storeId, t.pointOfSaleId],
      foreignColumns: [pointOfSale.storeId, pointOfSale.id],
    }).onDelete("cascade"),
    uniqueIndex("price_seal_store_day_idx").on(t.storeId, t.day).where(sql`point_of_sale_id is null`),
    uniqueIndex("price_seal_point_day_idx")
      .on(t.storeId, t.pointOfSaleId, t.day)
      .where(sql`point_of_sale_id is not null`),
    index("price_seal_day_idx").on(t.day),
    // Decision 0132: /verify finds a day's seal by the SHA-256 of the file a visitor drops.
    index("price_seal_json_sha256_idx").on(sql`((${t.seal}::jsonb) #>> '{files,json,sha256}')`),
    index("price_seal_csv_sha256_idx").on(sql`((${t.seal}::jsonb) #>> '{files,csv,sha256}')`),
  ],
);
