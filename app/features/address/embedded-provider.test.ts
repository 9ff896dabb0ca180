import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatAddress, suggestionLabel } from "./address";
import { signSuggestion, toStoreAddress, verifySuggestion } from "./address.server";
import gazetteer from "./data/mk-places.json";
import { EmbeddedAddressProvider } from "./embedded-provider.server";

const provider = new EmbeddedAddressProvider();
const first = async (q: string) => (await provider.suggest(q, { limit: 5 }))[0];

describe("embedded North Macedonian gazetteer", () => {
  it("keeps the GeoNames licence notice", () => {
    expect(gazetteer.licence).toMatch(/GeoNames.*CC BY 4\.0/);
    expect(readFileSync("app/features/address/data/GEONAMES-LICENSE-CC-BY-4.0.txt", "utf8")).toMatch(
      /Attribution 4\.0 International/,
    );
  });

  it("has every municipality and every town with its postal code", () => {
    const places = gazetteer.places as { kind: string; postalCode?: string }[];
    expect(places.filter((p) => p.kind === "municipality").length).toBeGreaterThanOrEqual(80);
    const towns = places.filter((p) => p.kind === "town");
    expect(towns.length).toBeGreaterThanOrEqual(34);
    expect(towns.every((t) => /^\d{4}$/.test(t.postalCode ?? ""))).toBe(true);
    expect(places.filter((p) => p.kind === "village").length).toBeGreaterThan(100);
  });

  it.each([
    ["штип", "Штип"],
    ["stip", "Штип"],
    ["Shtip", "Штип"],
    ["Štip", "Штип"],
    ["тет", "Тетово"],
    ["Tetovë", "Тетово"],
    ["shkup", "Скопје"],
    ["Скоп", "Скопје"],
    ["kercov", "Кичево"],
    ["manastir", "Битола"],
  ])("finds %j by prefix in any spelling", async (query, mk) => {
    expect((await first(query))?.name.mk).toBe(mk);
  });

  it("gives towns their postal code and villages their municipality", async () => {
    expect(await first("Битола")).toMatchObject({ kind: "town", postalCode: "7000" });
    const village = (await provider.suggest("Вевчани", { limit: 3 })).find((s) => s.kind === "village");
    expect(village?.municipality?.mk).toBe("Вевчани");
    const vrutok = await first("vrutok");
    expect(vrutok).toMatchObject({ kind: "village", municipality: { latin: "Gostivar" } });
  });

  it("shows names in the interface language", async () => {
    const tetovo = (await first("tetovo"))!;
    expect(suggestionLabel(tetovo, "mk")).toBe("Тетово 1200");
    expect(suggestionLabel(tetovo, "sq")).toBe("Tetovë 1200");
    expect(formatAddress(toStoreAddress(tetovo, "ул. Илинденска 12"), "en")).toBe(
      "ул. Илинденска 12, 1200 Tetovo",
    );
  });

  it("returns nothing for an empty query and stays within the limit", async () => {
    expect(await provider.suggest("  ", { limit: 5 })).toEqual([]);
    expect((await provider.suggest("s", { limit: 5 })).length).toBe(5);
  });
});

describe("signed suggestions", () => {
  it("accepts a suggestion the server issued and refuses a typed or altered one", async () => {
    const signed = signSuggestion((await first("Охрид"))!);
    expect(verifySuggestion(JSON.stringify(signed))?.name.mk).toBe("Охрид");
    const altered = { ...signed, postalCode: "9999" };
    expect(verifySuggestion(JSON.stringify(altered))).toBeNull();
    expect(verifySuggestion("Охрид")).toBeNull();
    expect(verifySuggestion("")).toBeNull();
    expect(verifySuggestion(JSON.stringify({ ...signed, token: undefined }))).toBeNull();
  });
});
