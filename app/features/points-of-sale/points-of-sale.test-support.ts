import type { StoreAddress } from "~/features/address/address";

/** A chosen address as the address field would give it (issue 4), for service tests. */
export const testAddress = (latin = "Tetovo", mk = "Тетово", street = "ул. Илинденска 12"): StoreAddress => ({
  placeId: `embedded:${latin.toLowerCase()}`,
  place: { mk, latin },
  postalCode: "1200",
  street,
  source: "embedded",
});
