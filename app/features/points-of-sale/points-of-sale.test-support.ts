import type { Database } from "~/db/client.server";
import type { StoreAddress } from "~/features/address/address";
import { createTestStore } from "../../../tests/support/test-db";
import { createPointOfSale } from "./point-of-sale.server";

/** A chosen address as the address field would give it, for service tests. */
export const testAddress = (latin = "Tetovo", mk = "Тетово", street = "ул. Илинденска 12"): StoreAddress => ({
  placeId: `embedded:${latin.toLowerCase()}`,
  place: { mk, latin },
  postalCode: "1200",
  street,
  source: "embedded",
});

/** A store with a second point of sale, "Тетово Центар" at /tetovo (the import and export tests). */
export async function storeWithTetovo(database: Database) {
  const shop = await createTestStore(database);
  const tetovo = await createPointOfSale(shop.ctx, {
    name: "Тетово Центар",
    slug: "tetovo",
    address: testAddress(),
    phone: null,
  });
  return { shop, tetovo };
}
