// The demo's products in Albanian (decision 0074): "Маркет Демо" has Albanian product content enabled,
// so a visitor reading Albanian sees these names and descriptions. Keyed by the Macedonian text;
// brand names stay as the brands write them in Latin letters.
import type { DemoProduct } from "./demo-products";

// biome-ignore format: a table reads better one pair a line
const NAMES: Record<string, string> = {
  "Млеко Бимилк 3,2% 1 л": "Qumësht Bimilk 3,2% 1 l",
  "Млеко Здравје Радово 2,8% 1 л": "Qumësht Zdravje Radovo 2,8% 1 l",
  "Јогурт Бимилк 2,8% 1 кг": "Jogurt Bimilk 2,8% 1 kg",
  "Кисело млеко Здравје Радово 400 г": "Kos Zdravje Radovo 400 g",
  "Сирење кравјо Бимилк 500 г": "Djathë lope Bimilk 500 g",
  "Кашкавал Идеал Шипка 400 г": "Kaçkavall Ideal Shipka 400 g",
  "Павлака Бимилк 20% 180 г": "Ajkë Bimilk 20% 180 g",
  "Путер Меггле 250 г": "Gjalpë Meggle 250 g",
  "Леб бел Жито Лукс 500 г": "Bukë e bardhë Zhito Luks 500 g",
  "Леб интегрален Жито Лукс 500 г": "Bukë integrale Zhito Luks 500 g",
  "Леб пченкарен Жито Лукс 400 г": "Bukë misri Zhito Luks 400 g",
  "Тост леб Жито Лукс 500 г": "Bukë tost Zhito Luks 500 g",
  "Кифли со сусам Жито Лукс 6 x 60 г": "Kifle me susam Zhito Luks 6 x 60 g",
  "Кроасан 7 Дејс со какао 60 г": "Kroasan 7 Days me kakao 60 g",
  "Јаболка Ајдаред": "Mollë Ajdared",
  "Банани": "Banane",
  "Портокали": "Portokalle",
  "Домати": "Domate",
  "Краставици": "Kastraveca",
  "Компир": "Patate",
  "Кромид црвен": "Qepë e kuqe",
  "Пиперки бабури": "Speca babure",
  "Пилешко филе": "Fileto pule",
  "Свинско вратно без коска": "Qafë derri pa kockë",
  "Телешко месо без коска": "Mish viçi pa kockë",
  "Мелено месо мешано": "Mish i grirë i përzier",
  "Пилешка салама МИК 500 г": "Sallam pule MIK 500 g",
  "Виршли свински МИК 400 г": "Salsiçe derri MIK 400 g",
  "Минерална вода Пелистерка 1,5 л": "Ujë mineral Pelisterka 1,5 l",
  "Изворска вода Горска 1,5 л": "Ujë burimi Gorska 1,5 l",
  "Кока-Кола 2 л": "Coca-Cola 2 l",
  "Сок портокал Вива 1 л": "Lëng portokalli Viva 1 l",
  "Пиво Скопско лименка 0,5 л": "Birrë Skopsko kanaçe 0,5 l",
  "Пиво Златен Даб лименка 0,5 л": "Birrë Zlaten Dab kanaçe 0,5 l",
  "Вино Т'га за југ Тиквеш 0,75 л": "Verë T'ga za Jug Tikvesh 0,75 l",
  "Енергетски пијалок Ред Бул 250 мл": "Pije energjike Red Bull 250 ml",
  "Кафе Гранд Голд 200 г": "Kafe Grand Gold 200 g",
  "Кафе Лаваца Крема е Густо 250 г": "Kafe Lavazza Crema e Gusto 250 g",
  "Инстант кафе Нескафе Класик 100 г": "Kafe e tretshme Nescafé Classic 100 g",
  "Чај од камилица Алкалоид 20 x 1,5 г": "Çaj kamomili Alkaloid 20 x 1,5 g",
  "Чај од нане Алкалоид 20 x 1,5 г": "Çaj nenexhiku Alkaloid 20 x 1,5 g",
  "Чоколадо Милка млечно 100 г": "Çokollatë Milka me qumësht 100 g",
  "Флипс Смоки 150 г": "Flips Smoki 150 g",
  "Чипс Принглс Оригинал 165 г": "Çips Pringles Original 165 g",
  "Бисквити Плазма 300 г": "Biskota Plazma 300 g",
  "Крем Еурокрем 400 г": "Krem Eurokrem 400 g",
  "Кикирики печен солен Витаминка 200 г": "Kikirikë të pjekur me kripë Vitaminka 200 g",
  "Наполитанки лешник Витаминка 200 г": "Napolitanka me lajthi Vitaminka 200 g",
  "Јафа кекс портокал 150 г": "Biskota Jaffa me portokall 150 g",
  "Брашно тип 400 Жито Лукс 1 кг": "Miell tip 400 Zhito Luks 1 kg",
  "Шеќер кристал Суноко 1 кг": "Sheqer kristal Sunoko 1 kg",
  "Масло сончогледово Бимал 1 л": "Vaj luledielli Bimal 1 l",
  "Ориз Кочански 1 кг": "Oriz i Koçanit 1 kg",
  "Шпагети Барила бр. 5 500 г": "Shpageta Barilla nr. 5 500 g",
  "Ајвар Зеленгора 680 г": "Ajvar Zelengora 680 g",
  "Јајца класа L 10 парчиња": "Vezë klasa L 10 copë",
  "Грав тетовец 1 кг": "Fasule tetovare 1 kg",
  "Туна во масло Рио Маре 160 г": "Ton në vaj Rio Mare 160 g",
  "Тоалетна хартија Зева Делукс 3-слојна 8 ролни": "Letër higjienike Zewa Deluxe 3-shtresore 8 rrotulla",
  "Шампон Хед енд Шолдерс класик 400 мл": "Shampo Head & Shoulders Classic 400 ml",
  "Паста за заби Колгејт Тотал 75 мл": "Pastë dhëmbësh Colgate Total 75 ml",
  "Сапун Дав 90 г": "Sapun Dove 90 g",
  "Дезодоранс Рексона 150 мл": "Deodorant Rexona 150 ml",
  "Влажни марамчиња Хагис 56 парчиња": "Peceta të lagura Huggies 56 copë",
  "Детергент за садови Фејри 450 мл": "Detergjent për enë Fairy 450 ml",
  "Прашок за перење Ариел 1,5 кг": "Pluhur larjeje Ariel 1,5 kg",
  "Омекнувач Ленор 1 л": "Zbutës rrobash Lenor 1 l",
  "Кеси за отпад 60 л 20 парчиња": "Qese për mbeturina 60 l 20 copë",
  "Алуминиумска фолија 10 м": "Letër alumini 10 m",
  "Крем за чистење Циф 500 мл": "Krem pastrimi Cif 500 ml",
};

// The categories' descriptions and the products' own ones.
// biome-ignore format: a table reads better one pair a line
const DESCRIPTIONS: Record<string, string> = {
  "Млечен производ. Да се чува во ладилник на 2–8 °C.": "Produkt qumështor. Të ruhet në frigorifer në 2–8 °C.",
  "Пекарски производ, свеж секое утро.": "Produkt furre, i freskët çdo mëngjes.",
  "Свежо, се мери на вага при купување.": "I freskët, peshohet në peshore kur e blini.",
  "Од нашата месарница. Да се чува во ладилник.": "Nga kasapi ynë. Të ruhet në frigorifer.",
  "Да се чува на суво и ладно место.": "Të ruhet në vend të thatë dhe të freskët.",
  "Да се чува на суво место, подалеку од светлина.": "Të ruhet në vend të thatë, larg dritës.",
  "Да се чува на суво место, на собна температура.": "Të ruhet në vend të thatë, në temperaturë dhome.",
  "Основна намирница. Да се чува на суво место.": "Ushqim bazë. Të ruhet në vend të thatë.",
  "Производ за лична хигиена.": "Produkt për higjienë personale.",
  "Средство за домаќинство. Да се чува подалеку од деца.": "Mjet për shtëpinë. Të ruhet larg fëmijëve.",
  "Свежо пастеризирано кравјо млеко.": "Qumësht lope i freskët, i pasterizuar.",
  "Бело саламурено кравјо сирење.": "Djathë i bardhë lope në shëllirë.",
  "Кравји кашкавал од Битола.": "Kaçkavall lope nga Manastiri.",
  "Се пече секое утро.": "Piqet çdo mëngjes.",
  "Од Ресен.": "Nga Resnja.",
  "Струмички, оранжериски.": "Nga Strumica, të serrës.",
  "Пелагониски компир.": "Patate nga Pellagonia.",
  "По нарачка, за 2 дена.": "Me porosi, për 2 ditë.",
  "Суво црвено вино од Тиквешко.": "Verë e kuqe e thatë nga Tikveshi.",
  "Мелено кафе за турско кафе.": "Kafe e bluar për kafe turke.",
  "Домашен ориз од Кочанско Поле.": "Oriz vendas nga Fusha e Koçanit.",
  "Домашен ајвар од печени пиперки.": "Ajvar shtëpie nga speca të pjekur.",
  "Од слободно одгледување.": "Nga pula të rritura në liri.",
  "Крупен бел грав.": "Fasule e bardhë, kokërr e madhe.",
};

/** A demo product's Albanian name and description; every demo product has both. */
export function demoAlbanian(product: Pick<DemoProduct, "name" | "description">): {
  nameSq: string;
  descriptionSq: string | null;
} {
  const nameSq = NAMES[product.name];
  const descriptionSq = product.description === null ? null : DESCRIPTIONS[product.description];
  if (!nameSq || descriptionSq === undefined)
    throw new Error(`No Albanian text for demo product ${product.name}`);
  return { nameSq, descriptionSq };
}
