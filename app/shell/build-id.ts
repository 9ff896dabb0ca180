// An open dashboard asks "GET builds/latest.json" with a timestamp query, compares the
// answer's id with the build the page was rendered by, and offers a reload when they differ
// (decision 0053). Isomorphic: the server answers the same path.

export const BUILD_ID_PATH = "/builds/latest.json";

/** How often an open, visible dashboard asks; a tab coming back into view asks at once. */
export const BUILD_POLL_MS = 5 * 60_000;

/** A focus or visibility change asks at most this often (switching windows back and forth). */
export const BUILD_CHECK_MIN_GAP_MS = 30_000;

/** The id in a builds/latest.json answer, or null for anything else (an error page, a proxy's HTML). */
export function parseBuildId(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === "string" && /^[\w.-]{1,64}$/.test(id) ? id : null;
}

/** A newer build is running when the server names one and it is not this page's. */
export function isNewBuild(pageId: string | null | undefined, latestId: string | null): boolean {
  return Boolean(pageId && latestId && pageId !== latestId);
}
