import { cyrillicToLatin } from "~/lib/transliterate";
import type { AddressProvider, AddressSuggestion } from "./address";

// North Macedonia's bounding box (minLon, minLat, maxLon, maxLat): suggestions stay in the country.
const MK_BBOX = "20.45,40.84,23.04,42.37";
const TIMEOUT_MS = 3000;

type PhotonFeature = {
  type: "Feature";
  geometry: { type: "Point"; coordinates: [number, number] };
  properties: {
    osm_id?: number;
    osm_type?: string;
    osm_key?: string;
    osm_value?: string;
    type?: string;
    name?: string;
    street?: string;
    housenumber?: string;
    postcode?: string;
    city?: string;
    district?: string;
    county?: string;
    state?: string;
    country?: string;
    countrycode?: string;
  };
};

/**
 * Photon (https://github.com/komoot/photon) at GEOCODER_URL: GET {url}/api?q=…&limit=…&bbox=…
 * answers a GeoJSON FeatureCollection. Street-level results carry their street; places their name.
 */
export class PhotonAddressProvider implements AddressProvider {
  constructor(private readonly baseUrl: string) {}

  async suggest(query: string, { limit }: { limit: number }): Promise<AddressSuggestion[]> {
    const q = query.trim().slice(0, 100);
    if (!q) return [];
    const url = new URL("api", this.baseUrl.endsWith("/") ? this.baseUrl : `${this.baseUrl}/`);
    url.searchParams.set("q", q);
    url.searchParams.set("limit", String(limit));
    url.searchParams.set("bbox", MK_BBOX);
    const response = await fetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { Accept: "application/json" },
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    const body = (await response.json()) as { features?: PhotonFeature[] };
    return (body.features ?? [])
      .filter((feature) => (feature.properties.countrycode ?? "MK").toUpperCase() === "MK")
      .map(toSuggestion)
      .filter((suggestion): suggestion is AddressSuggestion => suggestion !== null)
      .slice(0, limit);
  }
}

function spelled(value: string) {
  return { mk: value, latin: cyrillicToLatin(value) };
}

function toSuggestion(feature: PhotonFeature): AddressSuggestion | null {
  const p = feature.properties;
  const settlement =
    p.city ?? (p.type === "city" || p.osm_value === "village" || p.osm_value === "town" ? p.name : undefined);
  const street = p.street ? [p.street, p.housenumber].filter(Boolean).join(" ") : undefined;
  const name = settlement ?? p.name;
  if (!name) return null;
  const [lng, lat] = feature.geometry.coordinates;
  return {
    id: `photon:${p.osm_type ?? "X"}${p.osm_id ?? `${lat},${lng}`}`,
    kind: street ? "street" : settlement ? "town" : "place",
    name: spelled(name),
    municipality: p.county ? spelled(p.county) : p.state ? spelled(p.state) : undefined,
    postalCode: p.postcode,
    street,
    lat,
    lng,
    source: "photon",
  };
}
