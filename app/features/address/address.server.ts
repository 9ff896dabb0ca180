// Address suggestions (PRODUCT.md "Address"): a provider interface with the embedded gazetteer
// as default and Photon (an OpenStreetMap geocoder) when GEOCODER_URL is set. A suggestion is
// signed when it is handed out, so the server can tell an address chosen from suggestions from
// one typed or forged in the form: an address typed without choosing a suggestion is
// refused.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/lib/config.server";
import type { AddressProvider, AddressSuggestion, SignedSuggestion, StoreAddress } from "./address";
import { EmbeddedAddressProvider } from "./embedded-provider.server";
import { PhotonAddressProvider } from "./photon-provider.server";

let provider: AddressProvider | null = null;

export function getAddressProvider(): AddressProvider {
  if (provider) return provider;
  const url = getConfig().geocoderUrl;
  provider = url ? new PhotonAddressProvider(url) : new EmbeddedAddressProvider();
  return provider;
}

function signature(suggestion: AddressSuggestion): string {
  return createHmac("sha256", getConfig().authSecret)
    .update(`address-suggestion:${JSON.stringify(suggestion)}`)
    .digest("base64url");
}

export function signSuggestion(suggestion: AddressSuggestion): SignedSuggestion {
  return { ...suggestion, token: signature(suggestion) };
}

/** The suggestion inside a submitted form value, or null when it was not issued by us. */
export function verifySuggestion(value: string | undefined | null): AddressSuggestion | null {
  if (!value || value.length > 4000) return null;
  try {
    const { token, ...suggestion } = JSON.parse(value) as SignedSuggestion;
    if (typeof token !== "string") return null;
    const expected = Buffer.from(signature(suggestion as AddressSuggestion));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? (suggestion as AddressSuggestion)
      : null;
  } catch {
    return null;
  }
}

/** The store's address from a verified suggestion and the street the owner typed. */
export function toStoreAddress(suggestion: AddressSuggestion, street: string): StoreAddress {
  return {
    placeId: suggestion.id,
    place: suggestion.name,
    municipality: suggestion.municipality,
    postalCode: suggestion.postalCode,
    street: street || suggestion.street || "",
    lat: suggestion.lat,
    lng: suggestion.lng,
    source: suggestion.source,
  };
}

/** A saved address as a signed suggestion: a form that shows it can be saved again unchanged. */
export function suggestionOf(address: StoreAddress): SignedSuggestion {
  return signSuggestion({
    id: address.placeId,
    kind: "town",
    name: address.place,
    municipality: address.municipality,
    postalCode: address.postalCode,
    lat: address.lat,
    lng: address.lng,
    source: address.source,
  });
}

/** The address from a form's chosen suggestion and street; null when no suggestion of ours was chosen. */
export function addressFromForm(input: { addressSuggestion?: string; street: string }): StoreAddress | null {
  const suggestion = verifySuggestion(input.addressSuggestion);
  return suggestion ? toStoreAddress(suggestion, input.street) : null;
}
