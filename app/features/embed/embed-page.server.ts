import type { Queryable } from "~/db/client.server";
import { FRAME_ANCESTORS_HEADER } from "./embed-origins";
import { getEmbedOrigins } from "./embed-origins.server";

// Decision 0136: who may frame an embed page. The owner's declared origins; none declared, nobody
// ('none', the security headers' default). The preview in Settings → Store (?preview=1) is framed by
// the platform's own origin only: the parameter grants nothing to any other site.

/** The parameter of the settings page's preview. */
export const PREVIEW_PARAM = "preview";

/** The origins that may frame this embed page now. */
export async function embedFramers(
  db: Queryable,
  storeId: string,
  options: { preview: boolean; platformOrigin: string },
): Promise<string[]> {
  if (options.preview) return [options.platformOrigin];
  return getEmbedOrigins(db, storeId);
}

/** The embed page's headers: revalidated on every visit, and its framers for the security headers. */
export function embedHeaders(framers: string[]): Record<string, string> {
  return {
    "Cache-Control": "public, max-age=0, must-revalidate",
    ...(framers.length > 0 && { [FRAME_ANCESTORS_HEADER]: framers.join(" ") }),
  };
}
