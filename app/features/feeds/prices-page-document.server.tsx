import { loadPricesPage } from "~/features/feeds/prices-page.server";
import { PricesPageView } from "~/features/feeds/prices-page-view";
import { publicPageMeta } from "~/lib/page-title";
import { type PublicDocumentRequest, renderPublicDocument } from "~/shell/public-document";

/**
 * /{username}/prices as a published document (decisions 0144, 0147): its data and its view, rendered
 * to one HTML string. Null when the public may not see the store (React Router then answers its 404).
 */
export async function renderPricesPageDocument(input: PublicDocumentRequest): Promise<string | null> {
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
