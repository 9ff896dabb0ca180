import {
  Apple,
  Baby,
  Beef,
  Candy,
  Carrot,
  Cigarette,
  Coffee,
  Croissant,
  CupSoda,
  Drumstick,
  Egg,
  Fish,
  Flower2,
  IceCreamCone,
  type LucideIcon,
  Milk,
  Package,
  PawPrint,
  Pencil,
  Pill,
  Plug,
  Popcorn,
  Shirt,
  ShoppingBasket,
  Snowflake,
  SoapDispenserDroplet,
  SprayCan,
  Wheat,
  Wine,
} from "lucide-react";
import { cyrillicToLatin } from "~/lib/transliterate";

// The icon on a generated product tile (PRODUCT.md "Import image options"): Lucide (ISC licence,
// kept beside this file as tile-icons.LICENSE), chosen from the category's name in mk, sq or en,
// Cyrillic or Latin; then from the product's own name; else a shopping basket.

export const TILE_ICONS = {
  baby: Baby,
  pets: PawPrint,
  pharmacy: Pill,
  hygiene: SoapDispenserDroplet,
  household: SprayCan,
  frozen: Snowflake,
  iceCream: IceCreamCone,
  dairy: Milk,
  eggs: Egg,
  bread: Croissant,
  fruit: Apple,
  vegetables: Carrot,
  poultry: Drumstick,
  meat: Beef,
  fish: Fish,
  alcohol: Wine,
  coffee: Coffee,
  drinks: CupSoda,
  sweets: Candy,
  snacks: Popcorn,
  pantry: Wheat,
  canned: Package,
  tobacco: Cigarette,
  stationery: Pencil,
  electrical: Plug,
  flowers: Flower2,
  clothing: Shirt,
  other: ShoppingBasket,
} satisfies Record<string, LucideIcon>;

export type TileIcon = keyof typeof TILE_ICONS;

// A word of the name matches when it starts with one of these stems (so "млечни" and "mleko" meet
// "mle", and "lek" never matches inside "mleko"). Stems are in the romanised, accent-free form the
// normaliser below makes: ч → ch, ш → sh, ë → e, ç → c. Earlier groups win ("Бебешка храна" is
// baby food, not food; "Замрзнат зеленчук" is frozen).
// biome-ignore format: a table reads better one group a line
const STEMS: [TileIcon, string[]][] = [
  ["baby", ["bebe", "baby", "foshnj", "pelen", "diaper"]],
  ["pets", ["milenic", "hrana za kuch", "kuche", "mache", "pet", "pets", "dog", "cat", "kafsh", "qen", "mace"]],
  ["pharmacy", ["apte", "farma", "pharm", "lekov", "lekar", "lekovi", "medic", "barn", "vitamin", "suplement", "supplement"]],
  ["hygiene", ["higien", "hygien", "kozmet", "cosmet", "kozmetik", "shampo", "shamp", "sapun", "soap", "toalet", "toilet", "lichna", "personal", "kujdes", "pasta za zabi", "zabi", "kosa"]],
  ["household", ["domak", "household", "hemi", "chist", "deterg", "clean", "pastrim", "shtepiak", "kukja", "kucni", "perilni", "pralno"]],
  ["frozen", ["zamrz", "smrzn", "frozen", "ngrir"]],
  ["iceCream", ["sladoled", "ice cream", "icecream", "akullor"]],
  ["dairy", ["mlech", "mlek", "sirenj", "kashkav", "jogurt", "yogurt", "yoghurt", "pavlak", "kajmak", "dairy", "milk", "chees", "qumesht", "bulmet", "djath", "kos", "gjiz", "puter", "butter", "maslo"]],
  ["eggs", ["jajc", "jajca", "egg", "veze"]],
  ["bread", ["leb", "pekar", "peciv", "bakery", "bread", "buke", "furr", "burek", "kifl", "pastr"]],
  ["fruit", ["ovoshj", "ovosh", "fruit", "frut", "pem", "jabolk", "banan", "apple"]],
  ["vegetables", ["zelenchuk", "zelench", "veget", "perime", "zarzavat", "produce", "kompir", "domat"]],
  ["poultry", ["pilesh", "pile", "chicken", "poultry", "pule", "mish pule", "zhivin"]],
  ["meat", ["meso", "mesn", "kolbas", "salam", "suvomes", "delikates", "deli", "meat", "sausage", "mish", "sallam", "suxhuk", "sudzhuk", "kasap", "mesar", "butcher"]],
  ["fish", ["rib", "fish", "peshk", "seafood", "morsk"]],
  ["alcohol", ["alkoh", "alcoh", "vino", "wine", "pivo", "beer", "birr", "vere", "rakij", "raki", "zhesto", "liker", "spirit"]],
  ["coffee", ["kafe", "kafa", "chaj", "caj", "coffee", "tea"]],
  ["drinks", ["pijal", "pije", "drink", "beverage", "sok", "sokovi", "juice", "leng", "voda", "water", "uje", "gazir", "soda"]],
  ["sweets", ["slatk", "chokol", "cokol", "chocol", "bonbon", "sweet", "candy", "embelsir", "keks", "biscuit", "kolach", "torta", "cake", "konditor"]],
  ["snacks", ["grickal", "snack", "chips", "cips", "smoki", "kokice", "popcorn", "rosh", "solen"]],
  ["pantry", ["brashn", "flour", "miell", "testenin", "pasta", "oriz", "rice", "zhitar", "drithera", "cereal", "mahunk", "bean", "zachin", "spice", "erez", "shekjer", "sugar", "sheqer", "maslinka", "vaj", "oil", "osnov", "namirnic", "ushqim", "grocer", "food", "hran"]],
  ["canned", ["konzerv", "canned", "kanaqe", "tegl", "ajvar", "turshij"]],
  ["tobacco", ["cigar", "tutun", "tobac", "duhan", "tobak"]],
  ["stationery", ["kancelar", "ucheb", "knig", "book", "stationery", "shkoll", "libr", "hartij", "paper", "pencil", "molliv"]],
  ["electrical", ["elektr", "electr", "bater", "batter", "sijalic", "plug"]],
  ["flowers", ["cvek", "cvekj", "lule", "flower", "garden", "gradin", "kopsht", "rasad", "seed"]],
  ["clothing", ["obleka", "obleki", "tekstil", "cloth", "veshj", "rrob", "chevl", "shoe", "kepuc"]],
];

/** Lower-case, romanised, accent-free words: "Млечни производи" → "mlechni proizvodi". */
export function normaliseForIcon(text: string): string {
  return cyrillicToLatin(text)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function iconOf(text: string | null | undefined): TileIcon | null {
  if (!text) return null;
  const normal = ` ${normaliseForIcon(text)}`;
  for (const [icon, stems] of STEMS) {
    if (stems.some((stem) => normal.includes(` ${stem}`))) return icon;
  }
  return null;
}

/** The tile's icon: from the category, else from the product's name, else the neutral basket. */
export function tileIconFor(categoryName: string | null | undefined, productName?: string | null): TileIcon {
  return iconOf(categoryName) ?? iconOf(productName) ?? "other";
}
