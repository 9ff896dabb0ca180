import { getFixedT, requestLocale } from "~/i18n/i18n.server";

/** A page's <title>: its translated name in the request's language, then the product's name. */
export function pageTitle(request: Request, key: string): string {
  return `${getFixedT(requestLocale(request))(key)} · Vitrina`;
}
