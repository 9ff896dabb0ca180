// What the onboarding steps and Settings → store share around the store's profile form: the saved
// values to show, and the answers to a refused save.
import { data } from "react-router";
import { suggestionOf } from "~/features/address/address.server";
import { imageUrls } from "~/features/images/image.server";
import { isAppError } from "~/lib/app-error";
import type { FieldErrors } from "~/lib/form";
import { formatPhoneNational } from "~/lib/phone";
import type { Store } from "./store.server";

/** The saved profile as the form's fields show it. */
export function storeProfileValues(store: Store) {
  return {
    name: store.name,
    username: store.username,
    phone: store.phone ? formatPhoneNational(store.phone) : "",
    phonePublic: store.phonePublic,
    companyName: store.companyName,
    street: store.address?.street ?? "",
    // The saved place, re-signed so that saving the form again without a change passes.
    addressSuggestion: store.address ? suggestionOf(store.address) : null,
    logoUrl: store.logoKey ? imageUrls(store.logoKey, "logo").thumbUrl : null,
  };
}

/** Issue 4: a place typed without choosing one of the suggestions is refused. */
export function addressNotChosen() {
  return data(
    { errors: { addressSuggestion: "validation:addressFromSuggestions" } as FieldErrors },
    { status: 400 },
  );
}

/** A failed save as the form's errors: a taken username on its field, a known error above the form. */
export function storeSaveFailure(error: unknown, fallbackKey: string) {
  if (isAppError(error) && error.code === "usernameUnavailable")
    return data({ errors: { username: "errors:usernameUnavailable" } as FieldErrors }, { status: 409 });
  if (isAppError(error) && error.status < 500)
    return data({ errors: { form: error.messageKey } as FieldErrors }, { status: error.status });
  console.error(error);
  return data({ errors: { form: fallbackKey } as FieldErrors }, { status: 500 });
}
