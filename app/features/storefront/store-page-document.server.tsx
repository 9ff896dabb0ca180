import { StorePageView } from "~/features/storefront/components/store-page-view";
import { storeMeta } from "~/features/storefront/seo";
import { loadStorePage } from "~/features/storefront/store-page.server";
import { isAppError } from "~/lib/app-error";
import { type PublicDocumentRequest, renderPublicDocument } from "~/shell/public-document";

/**
 * The public store page as a published document (decision 0144): its data and its component tree,
 * rendered to one HTML string. Null when no store has this username (React Router then answers:
 * a renamed store's redirect, or the 404 page).
 */
export async function renderStorePageDocument(input: PublicDocumentRequest): Promise<string | null> {
  let data: Awaited<ReturnType<typeof loadStorePage>>;
  try {
    data = await loadStorePage(input);
  } catch (error) {
    if (isAppError(error) && error.code === "storeNotFound") return null;
    throw error;
  }
  return renderPublicDocument({
    locale: input.locale,
    pattern: "/:username",
    url: input.url,
    params: { username: input.username },
    nonce: input.nonce,
    script: input.script,
    meta: storeMeta(data.seo),
    body: <StorePageView data={data} />,
  });
}
