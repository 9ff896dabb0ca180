import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storeImage } from "~/db/schema/store-images";
import { LocalStorage } from "~/storage/local-storage.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { backfillImageBytes, storageUsedBytes } from "./image-ledger.server";

// Images stored before the ledger (migration 0012 recorded them with 0 bytes) counted
// nothing against the store's limit. The start-up backfill gives them the size of their files.

const database = databaseForThisFile();
const storage = new LocalStorage(mkdtempSync(path.join(tmpdir(), "vitrina-ledger-")));
const hex = () =>
  Array.from({ length: 24 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");

describe("backfilling the sizes of images stored before the ledger", () => {
  it("each old row counts the bytes of all its sizes; a row whose files are gone stays at 0", async () => {
    const a = await createTestStore(database);
    const b = await createTestStore(database);
    const productKey = `stores/${a.storeId}/product/${hex()}`;
    const logoKey = `stores/${a.storeId}/logo/${hex()}`;
    const missingKey = `stores/${a.storeId}/product/${hex()}`;
    const otherKey = `stores/${b.storeId}/product/${hex()}`;
    await storage.put(`${productKey}-800.webp`, Buffer.alloc(30_000));
    await storage.put(`${productKey}-320.webp`, Buffer.alloc(6_000));
    await storage.put(`${logoKey}-512.webp`, Buffer.alloc(9_000));
    await storage.put(`${logoKey}-192.webp`, Buffer.alloc(2_000));
    await storage.put(`${otherKey}-800.webp`, Buffer.alloc(1_000));
    await database.db.insert(storeImage).values([
      { storeId: a.storeId, key: productKey, kind: "product" },
      { storeId: a.storeId, key: logoKey, kind: "logo" },
      { storeId: a.storeId, key: missingKey, kind: "product" },
      { storeId: b.storeId, key: otherKey, kind: "product" },
    ]);
    expect(await storageUsedBytes(database.db, a.storeId)).toBe(0);

    // Small batches, so the walk over several pages is what is tested.
    expect(await backfillImageBytes(database.db, storage, { batch: 2 })).toBeGreaterThanOrEqual(3);

    expect(await storageUsedBytes(database.db, a.storeId)).toBe(30_000 + 6_000 + 9_000 + 2_000);
    expect(await storageUsedBytes(database.db, b.storeId)).toBe(1_000);
    const [missing] = await database.db.select().from(storeImage).where(eq(storeImage.key, missingKey));
    expect(missing?.bytes).toBe(0);
    // A second start measures nothing again.
    const again = await backfillImageBytes(database.db, storage);
    expect(again).toBe(0);
  });
});
