import { PointOfSalePageView } from "~/features/points-of-sale/components/point-of-sale-page-view";
import { pointOfSaleMeta } from "~/features/points-of-sale/point-of-sale-meta";
import { loadPointOfSalePage } from "~/features/points-of-sale/point-of-sale-public-page.server";
import { isAppError } from "~/lib/app-error";
import { type PublicDocumentRequest, renderPublicDocument } from "~/shell/public-document";

/**
 * A point of sale's public page as a published document (decision 0144). Null when the store or the
 * point of sale is unknown (React Router then answers: a renamed store's redirect, or the 404 page).
 */
export async function renderPointOfSaleDocument(
  input: PublicDocumentRequest & { slug: string },
): Promise<string | null> {
  let data: Awaited<ReturnType<typeof loadPointOfSalePage>>;
  try {
    data = await loadPointOfSalePage(input);
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") return null;
    throw error;
  }
  return renderPublicDocument({
    locale: input.locale,
    pattern: "/:username/:pointOfSale",
    url: input.url,
    params: { username: input.username, pointOfSale: input.slug },
    nonce: input.nonce,
    script: input.script,
    meta: pointOfSaleMeta(data),
    body: <PointOfSalePageView data={data} />,
  });
}
