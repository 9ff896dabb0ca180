import { PostsPageView } from "~/features/posts/components/posts-page-view";
import { loadPostsPage } from "~/features/posts/posts-page.server";
import type { Locale } from "~/i18n/config";
import { publicPageMeta } from "~/lib/page-title";
import { renderPublicDocument } from "~/shell/public-document";

/**
 * /{username}/posts as a published document (decisions 0144, 0147): its data and its view, rendered
 * to one HTML string. Null when the public may not see the store (React Router then answers its 404).
 */
export async function renderPostsPageDocument(input: {
  url: URL;
  username: string;
  locale: Locale;
  nonce: string;
  /** False on a store's own domain (decision 0133). */
  script: boolean;
}): Promise<string | null> {
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
