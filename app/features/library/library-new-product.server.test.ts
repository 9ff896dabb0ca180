import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "~/db/schema/catalog";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { imageUrls } from "~/features/images/image.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { insertLibraryRows, uniqueWord } from "./library.test-support";

// The new-product form offers the shared library; the chosen entry's id is posted with
// the product, and the product shows the library's image (as an assignment from the library does).

const database = databaseForThisFile();
const form = (overrides: Record<string, string> = {}) =>
  productInput({ name: "Млеко 1 л", price: "65,00", vatRate: "5", quantity: "1", ...overrides });

const imageOf = async (id: string) =>
  (await database.db.select({ url: product.imageUrl }).from(product).where(eq(product.id, id)))[0]?.url;

describe("a new product with an image from the library", () => {
  it("takes the chosen entry's image", async () => {
    const shop = await createTestStore(database);
    const [entry] = await insertLibraryRows(database.db, [{ name: `Млеко ${uniqueWord()}` }]);
    const created = await createProduct(shop.ctx, form({ libraryImageId: entry!.id }));
    expect(await imageOf(created.id)).toBe(imageUrls(entry!.imageKey, "product").url);
  });

  it("an id that is no library entry is refused and nothing is created", async () => {
    const shop = await createTestStore(database);
    for (const id of ["00000000-0000-4000-8000-000000000000", "../../etc"]) {
      await expect(
        (async () => createProduct(shop.ctx, form({ libraryImageId: id })))(),
        id,
      ).rejects.toBeTruthy();
    }
    const rows = await database.db.select().from(product).where(eq(product.storeId, shop.storeId));
    expect(rows).toEqual([]);
  });
});
