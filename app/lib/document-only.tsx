import { createContext as createReactContext, useContext, useMemo } from "react";
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";

// Decision 0012: data that only the server's render of a whole document needs. A loader hands it to
// its component through the request's context instead of its loader data, so it does not travel a
// second time as hydration data; the browser keeps the markup the server made from it. Client
// navigations fetch loader data only, so there the loader returns it as usual.

/** True while the server renders a whole document, false for a client navigation's data request. */
export const documentRequestContext = createContext<boolean>(false);

const RequestContext = createReactContext<Readonly<RouterContextProvider> | null>(null);

/** Given the request's context by entry.server; absent in the browser. */
export const DocumentOnlyProvider = RequestContext.Provider;

/** What the loader set under `key` for this document render; null in the browser. */
export function useDocumentOnly<T>(key: RouterContext<T | null>): T | null {
  const context = useContext(RequestContext);
  return context ? context.get(key) : null;
}

/**
 * Markup for `dangerouslySetInnerHTML` on the element with this id. Without `html` (the browser
 * hydrating a page whose data stayed on the server) it is what the server put there, read once, so
 * React neither empties nor rewrites it. The object only changes when the markup does.
 */
export function useKeptHtml(id: string, html: string | null): { __html: string } {
  return useMemo(
    () => ({
      __html: html ?? (typeof document === "undefined" ? "" : (document.getElementById(id)?.innerHTML ?? "")),
    }),
    [id, html],
  );
}
