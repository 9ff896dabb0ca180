// The shape of an address (PRODUCT.md "Address"): a settlement chosen from suggestions, then
// the street and number the owner types. Isomorphic: the form, the services and the page share it.

/** A place's name in the spellings a visitor may use. */
export type PlaceName = { mk: string; latin: string; sq?: string };

/** One suggestion a provider returns; `token` proves the server issued it (see address.server.ts). */
export type AddressSuggestion = {
  id: string;
  kind: "municipality" | "town" | "village" | "street" | "place";
  name: PlaceName;
  municipality?: PlaceName;
  postalCode?: string;
  street?: string;
  lat?: number;
  lng?: number;
  source: "embedded" | "photon";
};

export type SignedSuggestion = AddressSuggestion & { token: string };

/** What a store keeps: the chosen place as it was suggested plus the street the owner added. */
export type StoreAddress = {
  placeId: string;
  place: PlaceName;
  municipality?: PlaceName;
  postalCode?: string;
  street: string;
  lat?: number;
  lng?: number;
  source: AddressSuggestion["source"];
};

type Lang = "mk" | "en" | "sq";

/** Cyrillic in mk, Albanian where it exists in sq, the Latin form otherwise. */
export function placeName(name: PlaceName, locale: Lang): string {
  if (locale === "mk") return name.mk;
  if (locale === "sq") return name.sq ?? name.latin;
  return name.latin;
}

/** "ул. Илинденска 12, 1200 Тетово" */
export function formatAddress(address: StoreAddress, locale: Lang): string {
  const place = [address.postalCode, placeName(address.place, locale)].filter(Boolean).join(" ");
  return [address.street, place].filter(Boolean).join(", ");
}

/** A suggestion as one line: "Тетово (1200), Тетово". */
export function suggestionLabel(suggestion: AddressSuggestion, locale: Lang): string {
  const name = placeName(suggestion.name, locale);
  const head = suggestion.street ? `${suggestion.street}, ${name}` : name;
  const code = suggestion.postalCode ? ` ${suggestion.postalCode}` : "";
  const municipality =
    suggestion.municipality && placeName(suggestion.municipality, locale) !== name
      ? ` · ${placeName(suggestion.municipality, locale)}`
      : "";
  return `${head}${code}${municipality}`;
}

/** Where address suggestions come from (the embedded gazetteer or Photon). */
export interface AddressProvider {
  suggest(query: string, options: { limit: number }): Promise<AddressSuggestion[]>;
}
