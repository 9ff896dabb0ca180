// Demo catalogue of "Маркет Демо" (username `demo`), a neighbourhood grocery in Skopje: what a
// visitor, an inspector or a new shop owner sees before any real store exists. Prices are
// plausible 2026 shelf prices in MKD with VAT; barcodes use the Macedonian GS1 prefix 531 with
// made-up company numbers, so they are valid EAN-13 codes that match no real product.
import type { NetUnit } from "~/db/schema/catalog-enums";
import { parseQuantity } from "~/lib/money";

const DAIRY = "Млечни производи";
const BAKERY = "Леб и пекара";
const PRODUCE = "Овошје и зеленчук";
const MEAT = "Месо и колбаси";
const DRINKS = "Пијалоци";
const COFFEE = "Кафе и чај";
const SWEETS = "Слатки и грицки";
const STAPLES = "Основни намирници";
const HYGIENE = "Хигиена";
const HOUSEHOLD = "Домаќинство";

export const DEMO_CATEGORIES = [
  DAIRY,
  BAKERY,
  PRODUCE,
  MEAT,
  DRINKS,
  COFFEE,
  SWEETS,
  STAPLES,
  HYGIENE,
  HOUSEHOLD,
] as const satisfies readonly string[];

type DemoCategory = (typeof DEMO_CATEGORIES)[number];

export type DemoProduct = {
  name: string;
  description: string | null;
  category: string;
  priceCents: number;
  /** Set for items on promotion; always above priceCents. */
  regularPriceCents: number | null;
  vatRate: "18" | "10" | "5" | "0" | "none";
  unit: "piece" | "kg" | "g" | "l" | "ml" | "m" | "m2" | "pack" | "box" | "pair" | "set";
  netQuantityMilli: number | null;
  netUnit: NetUnit | null;
  quantity: number;
  availability: "in_stock" | "out_of_stock" | "on_order";
  barcode: string | null;
};

type Details = Partial<Omit<DemoProduct, "name" | "category" | "priceCents">>;

// The law lists a description for every item (PRODUCT.md; the compliance check flags a missing
// one): a product without its own gets its category's.
const CATEGORY_DESCRIPTIONS: Record<DemoCategory, string> = {
  [DAIRY]: "Млечен производ. Да се чува во ладилник на 2–8 °C.",
  [BAKERY]: "Пекарски производ, свеж секое утро.",
  [PRODUCE]: "Свежо, се мери на вага при купување.",
  [MEAT]: "Од нашата месарница. Да се чува во ладилник.",
  [DRINKS]: "Да се чува на суво и ладно место.",
  [COFFEE]: "Да се чува на суво место, подалеку од светлина.",
  [SWEETS]: "Да се чува на суво место, на собна температура.",
  [STAPLES]: "Основна намирница. Да се чува на суво место.",
  [HYGIENE]: "Производ за лична хигиена.",
  [HOUSEHOLD]: "Средство за домаќинство. Да се чува подалеку од деца.",
};

// Packaged food at the 5 % rate is the common case; each row states only what differs.
function item(category: DemoCategory, name: string, priceCents: number, details: Details = {}): DemoProduct {
  return {
    name,
    description: CATEGORY_DESCRIPTIONS[category],
    category,
    priceCents,
    regularPriceCents: null,
    vatRate: "5",
    unit: "piece",
    netQuantityMilli: null,
    netUnit: null,
    quantity: 24,
    availability: "in_stock",
    barcode: null,
    ...details,
  };
}

/** Fruit, vegetables and fresh meat are weighed: sold per kg, no net quantity on a label. */
function byKg(category: DemoCategory, name: string, priceCents: number, details: Details = {}): DemoProduct {
  return item(category, name, priceCents, { unit: "kg", quantity: 60, ...details });
}

/** Net quantity as printed on the label ("1,5" l), parsed the way the product form does. */
function net(quantity: string, unit: NetUnit): Pick<DemoProduct, "netQuantityMilli" | "netUnit"> {
  const milli = parseQuantity(quantity);
  if (milli === null) throw new Error(`Bad demo net quantity: ${quantity}`);
  return { netQuantityMilli: milli, netUnit: unit };
}

const OUT = { availability: "out_of_stock", quantity: 0 } as const;

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  item(DAIRY, "Млеко Бимилк 3,2% 1 л", 7_900, {
    description: "Свежо пастеризирано кравјо млеко.",
    ...net("1", "l"),
    quantity: 48,
    barcode: "5310101000010",
  }),
  item(DAIRY, "Млеко Здравје Радово 2,8% 1 л", 7_400, {
    regularPriceCents: 8_200,
    ...net("1", "l"),
    quantity: 36,
    barcode: "5310102000019",
  }),
  item(DAIRY, "Јогурт Бимилк 2,8% 1 кг", 8_500, {
    ...net("1", "kg"),
    quantity: 40,
    barcode: "5310101000027",
  }),
  item(DAIRY, "Кисело млеко Здравје Радово 400 г", 4_550, { ...net("400", "g"), barcode: "5310102000026" }),
  item(DAIRY, "Сирење кравјо Бимилк 500 г", 32_900, {
    description: "Бело саламурено кравјо сирење.",
    ...net("500", "g"),
    quantity: 18,
    barcode: "5310101000034",
  }),
  item(DAIRY, "Кашкавал Идеал Шипка 400 г", 38_900, {
    regularPriceCents: 44_900,
    description: "Кравји кашкавал од Битола.",
    ...net("400", "g"),
    quantity: 15,
    barcode: "5310103000018",
  }),
  item(DAIRY, "Павлака Бимилк 20% 180 г", 5_500, { ...net("180", "g"), barcode: "5310101000041" }),
  item(DAIRY, "Путер Меггле 250 г", 23_900, { ...net("250", "g"), quantity: 12 }),

  item(BAKERY, "Леб бел Жито Лукс 500 г", 3_900, {
    description: "Се пече секое утро.",
    ...net("500", "g"),
    quantity: 60,
    barcode: "5310201000019",
  }),
  item(BAKERY, "Леб интегрален Жито Лукс 500 г", 5_500, { ...net("500", "g"), barcode: "5310201000026" }),
  item(BAKERY, "Леб пченкарен Жито Лукс 400 г", 5_200, { ...net("400", "g"), barcode: "5310201000033" }),
  item(BAKERY, "Тост леб Жито Лукс 500 г", 8_500, { ...net("500", "g"), barcode: "5310201000040" }),
  item(BAKERY, "Кифли со сусам Жито Лукс 6 x 60 г", 7_900, {
    unit: "pack",
    ...net("360", "g"),
    barcode: "5310201000057",
  }),
  item(BAKERY, "Кроасан 7 Дејс со какао 60 г", 3_500, {
    regularPriceCents: 4_500,
    ...net("60", "g"),
    quantity: 50,
  }),

  byKg(PRODUCE, "Јаболка Ајдаред", 5_900, { description: "Од Ресен.", quantity: 150 }),
  byKg(PRODUCE, "Банани", 9_900, { quantity: 80 }),
  byKg(PRODUCE, "Портокали", 8_500, { regularPriceCents: 9_900 }),
  byKg(PRODUCE, "Домати", 11_900, { description: "Струмички, оранжериски." }),
  byKg(PRODUCE, "Краставици", 8_900),
  byKg(PRODUCE, "Компир", 4_500, { description: "Пелагониски компир.", quantity: 200 }),
  byKg(PRODUCE, "Кромид црвен", 4_900),
  byKg(PRODUCE, "Пиперки бабури", 13_900, OUT),

  byKg(MEAT, "Пилешко филе", 41_900, { quantity: 25 }),
  byKg(MEAT, "Свинско вратно без коска", 44_900, { quantity: 20 }),
  byKg(MEAT, "Телешко месо без коска", 78_900, {
    description: "По нарачка, за 2 дена.",
    availability: "on_order",
    quantity: 0,
  }),
  byKg(MEAT, "Мелено месо мешано", 45_900, { regularPriceCents: 49_900, quantity: 30 }),
  item(MEAT, "Пилешка салама МИК 500 г", 18_900, { ...net("500", "g"), barcode: "5310301000018" }),
  item(MEAT, "Виршли свински МИК 400 г", 16_500, { ...net("400", "g"), barcode: "5310301000025" }),

  item(DRINKS, "Минерална вода Пелистерка 1,5 л", 3_900, {
    vatRate: "18",
    ...net("1,5", "l"),
    quantity: 96,
    barcode: "5310401000017",
  }),
  item(DRINKS, "Изворска вода Горска 1,5 л", 3_250, {
    vatRate: "18",
    ...net("1,5", "l"),
    quantity: 96,
    barcode: "5310402000016",
  }),
  item(DRINKS, "Кока-Кола 2 л", 11_500, {
    vatRate: "18",
    regularPriceCents: 12_900,
    ...net("2", "l"),
    quantity: 48,
  }),
  item(DRINKS, "Сок портокал Вива 1 л", 8_900, { vatRate: "18", ...net("1", "l"), barcode: "5310403000015" }),
  item(DRINKS, "Пиво Скопско лименка 0,5 л", 6_500, {
    vatRate: "18",
    ...net("0,5", "l"),
    quantity: 120,
    barcode: "5310402000023",
  }),
  item(DRINKS, "Пиво Златен Даб лименка 0,5 л", 6_200, {
    vatRate: "18",
    ...net("0,5", "l"),
    quantity: 120,
    barcode: "5310402000030",
  }),
  item(DRINKS, "Вино Т'га за југ Тиквеш 0,75 л", 37_900, {
    vatRate: "18",
    description: "Суво црвено вино од Тиквешко.",
    ...net("0,75", "l"),
    barcode: "5310404000014",
    ...OUT,
  }),
  item(DRINKS, "Енергетски пијалок Ред Бул 250 мл", 10_900, {
    vatRate: "18",
    ...net("250", "ml"),
    quantity: 36,
  }),

  item(COFFEE, "Кафе Гранд Голд 200 г", 21_500, {
    vatRate: "10",
    regularPriceCents: 24_900,
    description: "Мелено кафе за турско кафе.",
    ...net("200", "g"),
  }),
  item(COFFEE, "Кафе Лаваца Крема е Густо 250 г", 35_900, {
    vatRate: "10",
    ...net("250", "g"),
    quantity: 10,
  }),
  item(COFFEE, "Инстант кафе Нескафе Класик 100 г", 29_900, {
    vatRate: "10",
    ...net("100", "g"),
    quantity: 12,
  }),
  item(COFFEE, "Чај од камилица Алкалоид 20 x 1,5 г", 7_900, {
    vatRate: "10",
    ...net("30", "g"),
    barcode: "5310501000016",
  }),
  item(COFFEE, "Чај од нане Алкалоид 20 x 1,5 г", 7_900, {
    vatRate: "10",
    ...net("30", "g"),
    barcode: "5310501000023",
  }),

  item(SWEETS, "Чоколадо Милка млечно 100 г", 10_900, {
    vatRate: "10",
    regularPriceCents: 12_900,
    ...net("100", "g"),
    quantity: 40,
  }),
  item(SWEETS, "Флипс Смоки 150 г", 9_500, { vatRate: "10", ...net("150", "g"), quantity: 30 }),
  item(SWEETS, "Чипс Принглс Оригинал 165 г", 18_900, { vatRate: "10", ...net("165", "g") }),
  item(SWEETS, "Бисквити Плазма 300 г", 14_500, { vatRate: "10", ...net("300", "g") }),
  item(SWEETS, "Крем Еурокрем 400 г", 22_900, {
    vatRate: "10",
    regularPriceCents: 25_900,
    ...net("400", "g"),
  }),
  item(SWEETS, "Кикирики печен солен Витаминка 200 г", 9_900, {
    vatRate: "10",
    ...net("200", "g"),
    barcode: "5310601000015",
  }),
  item(SWEETS, "Наполитанки лешник Витаминка 200 г", 8_900, {
    vatRate: "10",
    ...net("200", "g"),
    barcode: "5310601000022",
  }),
  item(SWEETS, "Јафа кекс портокал 150 г", 8_500, { vatRate: "10", ...net("150", "g"), quantity: 30 }),

  item(STAPLES, "Брашно тип 400 Жито Лукс 1 кг", 5_500, {
    ...net("1", "kg"),
    quantity: 50,
    barcode: "5310201000064",
  }),
  item(STAPLES, "Шеќер кристал Суноко 1 кг", 6_900, { ...net("1", "kg"), quantity: 50 }),
  item(STAPLES, "Масло сончогледово Бимал 1 л", 11_500, {
    regularPriceCents: 13_500,
    ...net("1", "l"),
    quantity: 40,
  }),
  item(STAPLES, "Ориз Кочански 1 кг", 13_900, {
    description: "Домашен ориз од Кочанско Поле.",
    ...net("1", "kg"),
    barcode: "5310701000014",
  }),
  item(STAPLES, "Шпагети Барила бр. 5 500 г", 10_900, { ...net("500", "g") }),
  item(STAPLES, "Ајвар Зеленгора 680 г", 27_900, {
    description: "Домашен ајвар од печени пиперки.",
    ...net("680", "g"),
    quantity: 18,
    barcode: "5310702000013",
  }),
  item(STAPLES, "Јајца класа L 10 парчиња", 15_900, {
    unit: "pack",
    description: "Од слободно одгледување.",
    ...net("10", "piece"),
    quantity: 30,
    barcode: "5310704000011",
  }),
  item(STAPLES, "Грав тетовец 1 кг", 18_900, {
    description: "Крупен бел грав.",
    ...net("1", "kg"),
    barcode: "5310705000010",
  }),
  item(STAPLES, "Туна во масло Рио Маре 160 г", 18_900, { ...net("160", "g") }),

  item(HYGIENE, "Тоалетна хартија Зева Делукс 3-слојна 8 ролни", 28_900, {
    vatRate: "18",
    regularPriceCents: 32_900,
    unit: "pack",
    ...net("8", "piece"),
  }),
  item(HYGIENE, "Шампон Хед енд Шолдерс класик 400 мл", 34_900, {
    vatRate: "18",
    ...net("400", "ml"),
    quantity: 12,
  }),
  item(HYGIENE, "Паста за заби Колгејт Тотал 75 мл", 14_900, { vatRate: "18", ...net("75", "ml") }),
  item(HYGIENE, "Сапун Дав 90 г", 7_500, { vatRate: "18", ...net("90", "g") }),
  item(HYGIENE, "Дезодоранс Рексона 150 мл", 21_900, { vatRate: "18", ...net("150", "ml"), ...OUT }),
  item(HYGIENE, "Влажни марамчиња Хагис 56 парчиња", 13_900, {
    vatRate: "18",
    unit: "pack",
    ...net("56", "piece"),
  }),

  item(HOUSEHOLD, "Детергент за садови Фејри 450 мл", 11_900, { vatRate: "18", ...net("450", "ml") }),
  item(HOUSEHOLD, "Прашок за перење Ариел 1,5 кг", 54_900, {
    vatRate: "18",
    regularPriceCents: 62_900,
    ...net("1,5", "kg"),
    quantity: 10,
  }),
  item(HOUSEHOLD, "Омекнувач Ленор 1 л", 21_900, { vatRate: "18", ...net("1", "l"), quantity: 12 }),
  item(HOUSEHOLD, "Кеси за отпад 60 л 20 парчиња", 8_900, {
    vatRate: "18",
    unit: "pack",
    ...net("20", "piece"),
    barcode: "5310801000013",
  }),
  item(HOUSEHOLD, "Алуминиумска фолија 10 м", 11_900, {
    vatRate: "18",
    ...net("10", "m"),
    barcode: "5310801000020",
  }),
  item(HOUSEHOLD, "Крем за чистење Циф 500 мл", 17_900, { vatRate: "18", ...net("500", "ml") }),
];
