import { searchKey } from "~/lib/transliterate";
import type { AddressProvider, AddressSuggestion, PlaceName } from "./address";
import gazetteer from "./data/mk-places.json";

// The data file is built by scripts/build-mk-places.ts from GeoNames (CC BY 4.0; the licence
// notice travels inside the file and in data/GEONAMES-LICENSE-CC-BY-4.0.txt).
type Place = {
  id: string;
  kind: "municipality" | "town" | "village";
  mk: string;
  latin: string;
  sq?: string;
  municipality?: string;
  postalCode?: string;
  lat?: number;
  lng?: number;
};

type Indexed = { place: Place; keys: string[] };

const RANK = { town: 0, municipality: 1, village: 2 } as const;

/**
 * North Macedonia's municipalities and settlements, searched by prefix in Cyrillic, Latin or
 * Albanian: every spelling goes through searchKey, so "штип", "stip", "Shtip" and "Štip" meet.
 */
export class EmbeddedAddressProvider implements AddressProvider {
  private readonly index: Indexed[];
  private readonly byId: Map<string, Place>;

  constructor(places: Place[] = (gazetteer as { places: Place[] }).places) {
    this.byId = new Map(places.map((place) => [place.id, place]));
    this.index = places.map((place) => ({
      place,
      keys: [place.mk, place.latin, place.sq ?? ""].filter(Boolean).map(searchKey),
    }));
  }

  async suggest(query: string, { limit }: { limit: number }): Promise<AddressSuggestion[]> {
    const q = searchKey(query.slice(0, 100));
    if (q.length < 1) return [];
    const scored: { place: Place; score: number }[] = [];
    for (const { place, keys } of this.index) {
      let score = -1;
      for (const key of keys) {
        if (key.startsWith(q)) score = Math.max(score, 2);
        else if (key.split(" ").some((word) => word.startsWith(q))) score = Math.max(score, 1);
      }
      if (score >= 0) scored.push({ place, score });
    }
    scored.sort(
      (a, b) =>
        b.score - a.score ||
        RANK[a.place.kind] - RANK[b.place.kind] ||
        a.place.latin.localeCompare(b.place.latin),
    );
    return scored.slice(0, limit).map(({ place }) => this.toSuggestion(place));
  }

  private toSuggestion(place: Place): AddressSuggestion {
    const municipality = place.municipality ? this.byId.get(place.municipality) : undefined;
    return {
      id: `embedded:${place.id}`,
      kind: place.kind,
      name: names(place),
      municipality: municipality ? names(municipality) : undefined,
      postalCode: place.postalCode,
      lat: place.lat,
      lng: place.lng,
      source: "embedded",
    };
  }
}

function names(place: Place): PlaceName {
  return place.sq ? { mk: place.mk, latin: place.latin, sq: place.sq } : { mk: place.mk, latin: place.latin };
}
