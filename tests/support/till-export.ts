import { csv1251 } from "../../app/features/import/fixtures.test-support";
import { eanCheckDigit } from "../../app/lib/barcode";

// A grocery's till export as shops bring it (Windows-1251, ";", decimal commas): 300 articles in 7
// groups, most names carrying their size ("Ајвар домашен 350 г", "Пиво 6 x 0,5 л"), valid EAN-13
// barcodes, VAT 5, 10 and 18 %. Each article also carries what its owner would write in the
// spreadsheet (a description) and, where the name gives no size, what the package says.

export const TILL_HEADER = "Шифра;Назив;Група;Цена;ДДВ;Единица мерка;Баркод";

export type TillArticle = {
  code: string;
  name: string;
  group: string;
  /** "89,00": as the till writes it. */
  price: string;
  vat: "5" | "10" | "18";
  unit: "ком" | "кг";
  barcode: string;
  /** The size the name states ("350 г"), or null. */
  size: string | null;
  /** What the owner types where the check asks for a net quantity the name does not give. */
  packageQuantity: string | null;
  description: string;
};

type Line = { base: string; sizes: string[]; about: string };
type Group = { name: string; vat: TillArticle["vat"]; brands: string[]; lines: Line[] };

const SIZED: Group[] = [
  {
    name: "Млечни производи",
    vat: "5",
    brands: ["Бимилк", "Здравје", "Илинден", "Овче Поле", "Македонка", "Ал Пина"],
    lines: [
      { base: "Млеко 2,8%", sizes: ["1 л", "0,5 л"], about: "Пастеризирано кравјо млеко" },
      { base: "Јогурт", sizes: ["1 кг", "400 г"], about: "Јогурт од кравјо млеко" },
      { base: "Кисело млеко", sizes: ["0,5 л"], about: "Кисело млеко, густо" },
      { base: "Сирење кравјо", sizes: ["500 г", "1 кг"], about: "Бело саламурено сирење" },
      { base: "Кашкавал", sizes: ["300 г"], about: "Зрел кашкавал од кравјо млеко" },
      { base: "Павлака", sizes: ["200 г"], about: "Павлака 20 % масти" },
    ],
  },
  {
    name: "Зимнина и намирници",
    vat: "5",
    brands: ["Витаминка", "Агроплод", "Марка", "Иван", "Жито", "Фершпед"],
    lines: [
      { base: "Ајвар домашен", sizes: ["350 г", "680 г"], about: "Од печени црвени пиперки" },
      { base: "Лутеница", sizes: ["300 г"], about: "Од пиперки и домати, лута" },
      { base: "Брашно тип 400", sizes: ["1 кг", "5 кг"], about: "Пченично брашно за леб и пити" },
      { base: "Шеќер кристал", sizes: ["1 кг"], about: "Бел кристален шеќер од шеќерна репка" },
      { base: "Ориз", sizes: ["1 кг"], about: "Бел ориз со долго зрно" },
      { base: "Масло сончогледово", sizes: ["1 л", "2 л"], about: "Рафинирано масло за готвење" },
      { base: "Тестенини пенети", sizes: ["500 г"], about: "Од дурум пченица" },
      { base: "Грав тетовец", sizes: ["1 кг"], about: "Бел грав, крупно зрно" },
    ],
  },
  {
    name: "Пијалаци",
    vat: "18",
    brands: ["Скопско", "Пелистер", "Тиквеш", "Вива", "Нектар", "Стоби"],
    lines: [
      { base: "Сок портокал", sizes: ["1,5L", "1 л"], about: "Нектар со 50 % овошен дел" },
      { base: "Вода негазирана", sizes: ["0,5л", "1,5 л"], about: "Природна изворска вода" },
      { base: "Пиво", sizes: ["6 x 0,5 л", "0,33 л"], about: "Светло лагер пиво, 4,9 % алкохол" },
      { base: "Вино црвено", sizes: ["750 мл"], about: "Суво вино од вранец" },
      { base: "Кафе мелено", sizes: ["200гр", "500 г"], about: "Пржено мелено кафе, арабика" },
    ],
  },
  {
    name: "Слатки и грицки",
    vat: "18",
    brands: ["Кременко", "Пелагонија", "Swisslion", "Милка", "Медела", "Жито"],
    lines: [
      { base: "Чоколадо млечно", sizes: ["100g", "250 г"], about: "Млечно чоколадо, 30 % какао" },
      { base: "Бисквити", sizes: ["200 г"], about: "Чајни бисквити со путер" },
      { base: "Чипс солен", sizes: ["150 г"], about: "Тенко сечен компир, пржен" },
      { base: "Смоки", sizes: ["50 г"], about: "Снек од пченка со кикирики" },
      { base: "Вафли со лешник", sizes: ["150 г"], about: "Хрскави кори со крем од лешник" },
      { base: "Крекери", sizes: ["100 г"], about: "Солени крекери со сусам" },
    ],
  },
  {
    name: "Хигиена и домаќинство",
    vat: "18",
    brands: ["Ариел", "Дува", "Фа", "Колгејт", "Перла", "Силекс"],
    lines: [
      { base: "Шампон", sizes: ["400 мл"], about: "За секој тип коса" },
      { base: "Детергент за перење", sizes: ["3 кг"], about: "Прашок за бели и шарени алишта" },
      { base: "Сапун", sizes: ["100 г"], about: "Тоалетен сапун со мирис на лаванда" },
      { base: "Паста за заби", sizes: ["75 мл"], about: "Со флуор, против кариес" },
      { base: "Омекнувач", sizes: ["2 л"], about: "Омекнувач за алишта, свеж мирис" },
    ],
  },
];

/** Names without a size: by the kilo (the till's own unit), pieces, and pieces the check asks a size of. */
const UNSIZED: Array<{
  name: string;
  group: string;
  vat: TillArticle["vat"];
  unit: TillArticle["unit"];
  quantity?: string;
  about: string;
}> = [
  ...[
    "Банани",
    "Јаболка ајдаред",
    "Портокали",
    "Лимони",
    "Домати",
    "Краставици",
    "Компири",
    "Кромид",
    "Пиперки бабури",
    "Морков",
    "Зелка",
    "Грозје",
    "Круши",
    "Мандарини",
    "Киви",
    "Тиквички",
    "Модри патлиџани",
    "Праз",
    "Лук бел",
    "Спанаќ",
    "Цвекло",
    "Карфиол",
    "Брокула",
    "Јагоди",
    "Праски",
  ].map((name) => ({
    name,
    group: "Овошје и зеленчук",
    vat: "5" as const,
    unit: "кг" as const,
    about: "Домашно, од Струмичко",
  })),
  ...[
    "Кифла со џем",
    "Ѓевреци",
    "Лепчиња",
    "Пица парче",
    "Кроасан",
    "Погача",
    "Крофна",
    "Штрудла со јаболка",
  ].map((name) => ({
    name,
    group: "Леб и пекарски",
    vat: "10" as const,
    unit: "ком" as const,
    about: "Печено утрово во нашата пекара",
  })),
  ...[
    "Четка за заби",
    "Запалка",
    "Сунѓер за садови",
    "Кеси за ѓубре",
    "Чаши пластични",
    "Салфетки",
    "Тоалетна хартија",
    "Свеќа",
    "Ракавици за чистење",
    "Крпа за под",
    "Батерии AA",
    "Штипки за алишта",
    "Фолија алуминиумска",
    "Чепкалки",
    "Кибрит",
    "Четка за садови",
    "Четка за чевли",
    "Лепенка",
    "Кеса платнена",
    "Сијалица LED",
  ].map((name) => ({
    name,
    group: "Хигиена и домаќинство",
    vat: "18" as const,
    unit: "ком" as const,
    about: "За секојдневна употреба дома",
  })),
  // Goods sold by weight or volume, by the piece, with no size in the name: the owner reads the package.
  ...(
    [
      ["Леб бел", "500 г", "Леб и пекарски", "5"],
      ["Леб интегрален", "400 г", "Леб и пекарски", "5"],
      ["Леб црн", "600 г", "Леб и пекарски", "5"],
      ["Бурек со сирење", "250 г", "Леб и пекарски", "10"],
      ["Бурек со месо", "250 г", "Леб и пекарски", "10"],
      ["Пита со сирење", "300 г", "Леб и пекарски", "10"],
      ["Салам пилешки", "400 г", "Месо и деликатеси", "5"],
      ["Колбас домашен", "350 г", "Месо и деликатеси", "5"],
      ["Сирење овчо Галичник", "450 г", "Месо и деликатеси", "5"],
      ["Кашкавал Бител", "300 г", "Месо и деликатеси", "5"],
      ["Путер", "125 г", "Месо и деликатеси", "5"],
      ["Чај од нане", "20 г", "Пијалаци", "18"],
    ] as const
  ).map(([name, quantity, group, vat]) => ({
    name,
    group,
    vat,
    unit: "ком" as const,
    quantity,
    about: "Свежо, секое утро на нашиот штанд",
  })),
];

/** The 300 articles, in the till's order (by article code). */
export function tillArticles(): TillArticle[] {
  const sized: Omit<TillArticle, "code" | "barcode" | "price">[] = [];
  const wanted = 300 - UNSIZED.length;
  // Brand by brand across every line, so each group has many articles and each name is its own.
  for (let b = 0; sized.length < wanted && b < 6; b++) {
    for (const group of SIZED) {
      for (const line of group.lines) {
        for (const size of line.sizes) {
          if (sized.length >= wanted) break;
          sized.push({
            name: `${line.base} ${group.brands[b]} ${size}`,
            group: group.name,
            vat: group.vat,
            unit: "ком",
            size,
            packageQuantity: null,
            description: `${line.about}, од ${group.brands[b]}.`,
          });
        }
      }
    }
  }
  const unsized = UNSIZED.map((item) => ({
    name: item.name,
    group: item.group,
    vat: item.vat,
    unit: item.unit,
    size: null,
    packageQuantity: item.quantity ?? null,
    description: `${item.about}.`,
  }));
  return [...sized, ...unsized].map((article, i) => {
    const body = `531${String(1_000_000 + i * 7919).padStart(9, "0")}`;
    return {
      ...article,
      code: String(10_001 + i),
      barcode: `${body}${eanCheckDigit(body)}`,
      price: `${30 + ((i * 37) % 470)},${["00", "50", "90"][i % 3]}`,
    };
  });
}

/** The till's file: Windows-1251 bytes, ";" between columns, CRLF. */
export function tillExport(articles: TillArticle[] = tillArticles()): Uint8Array {
  return csv1251([
    TILL_HEADER,
    ...articles.map((a) => [a.code, a.name, a.group, a.price, a.vat, a.unit, a.barcode].join(";")),
  ]);
}
