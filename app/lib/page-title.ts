/** A route's meta: the <title> its loader put in `title` (pageTitle in page-title.server.ts). */
export function titleMeta({ loaderData }: { loaderData?: { title?: string } }) {
  return [{ title: loaderData?.title }];
}

/** A public page's meta: the title, description and canonical address its loader put there. */
export function publicPageMeta({
  loaderData,
}: {
  loaderData?: { title: string; description: string; canonical: string };
}) {
  if (!loaderData) return [];
  return [
    { title: loaderData.title },
    { name: "description", content: loaderData.description },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
  ];
}
