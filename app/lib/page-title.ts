/** A route's meta: the <title> its loader put in `title` (pageTitle in page-title.server.ts). */
export function titleMeta({ loaderData }: { loaderData?: { title?: string } }) {
  return [{ title: loaderData?.title }];
}
