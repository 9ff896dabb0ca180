// Settings → points of sale: the saved values a form shows, and the input a save needs.
import { suggestionOf } from "~/features/address/address.server";
import type { Store } from "~/features/stores/store.server";
import { chosenAddress } from "~/features/stores/store-form.server";
import { formatPhoneNational } from "~/lib/phone";
import type { PointOfSaleFormInput } from "./point-of-sale.schema";
import type { PointOfSale, PointOfSaleInput } from "./point-of-sale.server";

/** A point of sale as its form shows it; what it has not of its own shows the store's. */
export function pointOfSaleValues(point: PointOfSale, owner: Pick<Store, "address">) {
  const address = point.address ?? owner.address;
  return {
    id: point.id,
    name: point.name,
    slug: point.slug,
    phone: point.phone ? formatPhoneNational(point.phone) : "",
    street: address?.street ?? "",
    // Re-signed so that saving the form unchanged passes (the address must be a signed suggestion).
    addressSuggestion: address ? suggestionOf(address) : null,
  };
}

export type PointOfSaleValues = ReturnType<typeof pointOfSaleValues>;

/** The service input of a parsed form: the place must be one of the suggestions. */
export function pointOfSaleInputOf(form: PointOfSaleFormInput): PointOfSaleInput {
  return { name: form.name, slug: form.slug, address: chosenAddress(form), phone: form.phone };
}
