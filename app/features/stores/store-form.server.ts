// What the onboarding steps and Settings → store share around the store's profile form: the saved
// values to show, and the chosen address a save needs.
import type { StoreAddress } from "~/features/address/address";
import { addressFromForm, suggestionOf } from "~/features/address/address.server";
import { imageUrls } from "~/features/images/image.server";
import { AppError } from "~/lib/app-error";
import { formatPhoneNational } from "~/lib/phone";
import type { Store } from "./store.server";

export type StoreProfileValues = ReturnType<typeof storeProfileValues>;

/** The saved profile as the form's fields show it. */
export function storeProfileValues(store: Store) {
  return {
    name: store.name,
    username: store.username,
    phone: store.phone ? formatPhoneNational(store.phone) : "",
    phonePublic: store.phonePublic,
    companyName: store.companyName,
    taxNumber: store.taxNumber,
    street: store.address?.street ?? "",
    // The saved place, re-signed so that saving the form again without a change passes.
    addressSuggestion: store.address ? suggestionOf(store.address) : null,
    logoUrl: store.logoKey ? imageUrls(store.logoKey, "logo").thumbUrl : null,
  };
}

/**
 * The address of a profile form. A place typed without choosing one of the suggestions is
 * refused, on the address field.
 */
export function chosenAddress(input: { addressSuggestion?: string; street: string }): StoreAddress {
  const address = addressFromForm(input);
  if (!address)
    throw new AppError("validation", { fields: { addressSuggestion: "validation:addressFromSuggestions" } });
  return address;
}
