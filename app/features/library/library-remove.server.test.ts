import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/account-security";
import { product } from "~/db/schema/catalog";
import { libraryImage } from "~/db/schema/library";
import { store } from "~/db/schema/stores";
import { addProducts } from "~/features/catalog/product.test-support";
import { imageUrls } from "~/features/images/image.server";
import type { StoreContext } from "~/lib/service-context";
import { LocalStorage } from "~/storage/local-storage.server";
import { setStorage } from "~/storage/storage.server";
import { createTestStore, createTestUser, databaseForThisFile } from "../../../tests/support/test-db";
import { pngOf, uniqueWord } from "./library.test-support";
import { libraryUsage, removeLibraryEntry } from "./library-remove.server";
import { addLibraryEntry, libraryFingerprint } from "./library-write.server";

// Decision 0078: an admin removes a library entry; the products that showed it (of every
// store) lose the image, the files leave the storage, and the audit log says what happened.

const database = databaseForThisFile();
let dir = "";
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "vitrina-library-remove-"));
  setStorage(new LocalStorage(dir));
  return () => rmSync(dir, { recursive: true, force: true });
});
afterAll(() => setStorage(null));

async function entryWithFiles(name: string) {
  const bytes = await pngOf("#2a7");
  const input = { name, source: "import" as const, fingerprint: libraryFingerprint({ name }, bytes) };
  await addLibraryEntry(database.db, input, { bytes });
  const [row] = await database.db.select().from(libraryImage).where(eq(libraryImage.name, name));
  return row!;
}

async function productWith(ctx: StoreContext, imageUrl: string | null) {
  const [row] = await addProducts(ctx, [{ name: `Производ ${uniqueWord()}`, priceCents: 10000, imageUrl }]);
  return row!.id;
}

const imageOf = async (id: string) =>
  (await database.db.select({ url: product.imageUrl }).from(product).where(eq(product.id, id)))[0]?.url;

describe("removing a library entry", () => {
  it("takes the image from every product that showed it, deletes its files, and is audited", async () => {
    const entry = await entryWithFiles(`Млеко ${uniqueWord()}`);
    const other = await entryWithFiles(`Леб ${uniqueWord()}`);
    const { url } = imageUrls(entry.imageKey, "product");
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    const inA = await productWith(a.ctx, url);
    const inB = await productWith(b.ctx, url);
    const keeps = await productWith(a.ctx, imageUrls(other.imageKey, "product").url);
    const [before] = await database.db
      .select({ v: store.version })
      .from(store)
      .where(eq(store.id, b.storeId));
    expect(await libraryUsage(database.db, [url])).toEqual({ [url]: 2 });
    const admin = await createTestUser(database, { onboarded: true });

    const result = await removeLibraryEntry({ db: database.db, adminId: admin.id }, entry.id);

    expect(result).toEqual({ name: entry.name, productsCleared: 2 });
    expect(await imageOf(inA)).toBeNull();
    expect(await imageOf(inB)).toBeNull();
    expect(await imageOf(keeps)).toBe(imageUrls(other.imageKey, "product").url);
    expect(await database.db.select().from(libraryImage).where(eq(libraryImage.id, entry.id))).toEqual([]);
    for (const suffix of ["800", "320"])
      expect(existsSync(path.join(dir, "uploads", `${entry.imageKey}-${suffix}.webp`)), suffix).toBe(false);
    expect(existsSync(path.join(dir, "uploads", `${other.imageKey}-800.webp`))).toBe(true);
    // Each store's cached public page is dropped (its version moved).
    const [after] = await database.db.select({ v: store.version }).from(store).where(eq(store.id, b.storeId));
    expect(after!.v).toBeGreaterThan(before!.v);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "library_entry_removed"), eq(auditLog.userId, admin.id)))
      .orderBy(desc(auditLog.createdAt));
    expect(audit?.details).toMatchObject({
      entryId: entry.id,
      name: entry.name,
      productsCleared: 2,
      stores: 2,
    });
  });

  it("an unknown or malformed id is not found and changes nothing", async () => {
    const admin = await createTestUser(database, { onboarded: true });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"])
      await expect(removeLibraryEntry({ db: database.db, adminId: admin.id }, id)).rejects.toMatchObject({
        code: "notFound",
      });
  });
});
