import { loadPricesPage } from "~/features/feeds/prices-page.server";
import { PricesPageView } from "~/features/feeds/prices-page-view";
import type { Locale } from "~/i18n/config";
import { publicPageMeta } from "~/lib/page-title";
import { renderPublicDocument } from "~/shell/public-document";

/**
 * /{username}/prices as a published document (decisions 0144, 0147): its data and its view, rendered
 * to one HTML string. Null when the public may not see the store (React Router then answers its 404).
 */
export async function renderPricesPageDocument(input: {
  url: URL;
  username: string;
  locale: Locale;
  nonce: string;
  /** False on a store's own domain (decision 0133). */
  script: boolean;
}): Promise<string | null> {
  const data = await loadPricesPage(input);
  if (!data) return null;
  return renderPublicDocument({
    locale: input.locale,
    pattern: "/:username/prices",
    url: input.url,
    params: { username: input.username },
    nonce: input.nonce,
    script: input.script,
    meta: publicPageMeta({ loaderData: data }),
    body: <PricesPageView data={data} />,
  });
}
