import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PhotonAddressProvider } from "./photon-provider.server";

// A local server answering in Photon's real response format (GeoJSON FeatureCollection, as
// returned by photon.komoot.io/api?q=…): one street, one town, one foreign place.
const PHOTON_ANSWER = {
  type: "FeatureCollection",
  features: [
    {
      geometry: { coordinates: [21.4316495, 41.9960924], type: "Point" },
      type: "Feature",
      properties: {
        osm_type: "W",
        osm_id: 28373472,
        extent: [21.428, 41.998, 21.436, 41.994],
        country: "Северна Македонија",
        city: "Скопје",
        countrycode: "MK",
        postcode: "1000",
        locality: "Центар",
        type: "street",
        osm_key: "highway",
        district: "Општина Центар",
        osm_value: "pedestrian",
        name: "Македонија",
        street: "Македонија",
        housenumber: "12",
        state: "Регион Скопје",
      },
    },
    {
      geometry: { coordinates: [20.9718, 42.0106], type: "Point" },
      type: "Feature",
      properties: {
        osm_type: "N",
        osm_id: 60597318,
        country: "Северна Македонија",
        countrycode: "MK",
        type: "city",
        osm_key: "place",
        osm_value: "town",
        name: "Тетово",
        postcode: "1200",
        state: "Полошки Регион",
      },
    },
    {
      geometry: { coordinates: [23.3219, 42.6977], type: "Point" },
      type: "Feature",
      properties: {
        osm_type: "R",
        osm_id: 1,
        countrycode: "BG",
        type: "city",
        name: "София",
        osm_key: "place",
        osm_value: "city",
      },
    },
  ],
};

let server: Server;
let baseUrl: string;
const requests: URL[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url);
    if (url.searchParams.get("q") === "fail") {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(PHOTON_ANSWER));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("Photon provider", () => {
  it("asks /api with the query, a limit and North Macedonia's bounding box", async () => {
    await new PhotonAddressProvider(baseUrl).suggest("Македонија 12", { limit: 5 });
    const url = requests.at(-1)!;
    expect(url.pathname).toBe("/api");
    expect(url.searchParams.get("q")).toBe("Македонија 12");
    expect(url.searchParams.get("limit")).toBe("5");
    expect(url.searchParams.get("bbox")).toBe("20.45,40.84,23.04,42.37");
  });

  it("maps streets and towns, in Cyrillic and Latin, and drops places outside MK", async () => {
    const suggestions = await new PhotonAddressProvider(baseUrl).suggest("x", { limit: 5 });
    expect(suggestions).toHaveLength(2);
    expect(suggestions[0]).toMatchObject({
      id: "photon:W28373472",
      kind: "street",
      name: { mk: "Скопје", latin: "Skopje" },
      street: "Македонија 12",
      postalCode: "1000",
      lat: 41.9960924,
      lng: 21.4316495,
      source: "photon",
    });
    expect(suggestions[1]).toMatchObject({
      kind: "town",
      name: { mk: "Тетово", latin: "Tetovo" },
      postalCode: "1200",
    });
  });

  it("fails loudly when the geocoder fails, so the form can say so", async () => {
    await expect(new PhotonAddressProvider(baseUrl).suggest("fail", { limit: 5 })).rejects.toThrow();
  });
});
