import { PostsPageView } from "~/features/posts/components/posts-page-view";
import { loadPostsPage } from "~/features/posts/posts-page.server";
import { publicPageMeta } from "~/lib/page-title";
import { type PublicDocumentRequest, renderPublicDocument } from "~/shell/public-document";

/**
 * /{username}/posts as a published document (decisions 0144, 0147): its data and its view, rendered
 * to one HTML string. Null when the public may not see the store (React Router then answers its 404).
 */
export async function renderPostsPageDocument(input: PublicDocumentRequest): Promise<string | null> {
  const data = await loadPostsPage(input);
  if (!data) return null;
  return renderPublicDocument({
    locale: input.locale,
    pattern: "/:username/posts",
    url: input.url,
    params: { username: input.username },
    nonce: input.nonce,
    script: input.script,
    meta: publicPageMeta({ loaderData: data }),
    body: <PostsPageView data={data} />,
  });
}
