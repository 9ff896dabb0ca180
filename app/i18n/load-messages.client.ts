import type { Locale } from "./config";
import type { Messages } from "./resources";

// The browser downloads only the catalogue of the language it shows, as one cached chunk.
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  mk: () => import("./catalogs/mk"),
  en: () => import("./catalogs/en"),
  sq: () => import("./catalogs/sq"),
};

const loaded = new Map<Locale, Messages>();

export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const { messages } = await loaders[locale]();
  loaded.set(locale, messages);
  return messages;
}

export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}
