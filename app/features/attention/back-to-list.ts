// Where the product form returns after a save (decision 0127): the products list the owner came
// from, filters and page kept. Only this site's products list is a place to return to: anything
// else (another host, "//elsewhere", another path, a non-URL) is the plain list, so the value a
// form or a link carries can never send the owner off the site.

export const PRODUCTS_LIST = "/dashboard/products";
/** The lists a product is opened from: the products list and the needs-attention grid. */
const LISTS = new Set([PRODUCTS_LIST, "/dashboard/products/attention"]);

/** The same-host list `candidate` names (path and query), or the plain list. */
export function backToList(candidate: string | null | undefined, requestUrl: string): string {
  if (!candidate) return PRODUCTS_LIST;
  try {
    const here = new URL(requestUrl);
    const url = new URL(candidate, here);
    if (url.host !== here.host || !LISTS.has(url.pathname)) return PRODUCTS_LIST;
    if (url.protocol !== "http:" && url.protocol !== "https:") return PRODUCTS_LIST;
    return `${url.pathname}${url.search}`;
  } catch {
    return PRODUCTS_LIST;
  }
}
