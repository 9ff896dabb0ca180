/**
 * The embed page's head (decision 0136): its title, never indexed (the store's own page is the one
 * to index; this is its copy for other sites' frames), and the canonical link to that page.
 */
export function embedMeta({ loaderData }: { loaderData?: { page: { title: string; fullUrl: string } } }) {
  if (!loaderData) return [];
  return [
    { title: loaderData.page.title },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: loaderData.page.fullUrl },
  ];
}
