// Decision 0055: pages every visitor gets the same HTML of — the landing page (which may be
// prerendered per language) and the public store page (cached per store and view). Their HTML holds
// nothing of the visitor's session; the browser asks for it after mount (session-context.tsx).

/** Route patterns as React Router passes them to loaders: "" is the landing page. */
const SHARED_PATTERNS = new Set(["", ":username"]);

export function isSharedPage(pattern: string): boolean {
  return SHARED_PATTERNS.has(pattern.replace(/^\/+/, ""));
}
