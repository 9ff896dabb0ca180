// A redirect target that comes from the request (a form field, a query parameter,
// the Referer) is resolved against the site's own origin and used only when it stays there. Prefix
// checks ("starts with / but not //") miss "/\evil.example", which browsers read as another host.

/** The path, query and hash of `target` when it resolves to `requestUrl`'s origin; else `fallback`. */
export function sameOriginPath(
  target: string | null | undefined,
  requestUrl: string,
  fallback = "/",
): string {
  if (!target) return fallback;
  try {
    const origin = new URL(requestUrl).origin;
    const url = new URL(target, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
