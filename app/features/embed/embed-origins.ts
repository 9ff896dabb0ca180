// Decision 0136: the websites (origins) a store's owner lets frame its embeddable price list. The
// embed page names them in its CSP `frame-ancestors`; with none, nothing may frame it ('none').

/** At most this many origins: a shop has a site or two, not a directory of them. */
export const EMBED_ORIGINS_MAX = 10;

/**
 * The header a route sets to ask server/security-headers.ts for a `frame-ancestors` other than
 * 'none' (space-separated origins). The security headers read it, check it and remove it: it never
 * leaves the server.
 */
export const FRAME_ANCESTORS_HEADER = "X-Vitrina-Frame-Ancestors";

/** A normalized origin as it may appear in a CSP source list: scheme, host, optional port. */
const SOURCE = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type EmbedOriginProblem = "embedOriginInvalid" | "embedOriginNotHttps" | "embedOriginsTooMany";

/** A loopback host: a developer's own machine, the one place plain http is accepted. */
function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1";
}

/**
 * One typed origin in its normal form ("https://marketana.mk"), or the problem. A bare host gets
 * https://; a path, a trailing slash or a query is dropped (the framing page's origin is what counts);
 * http is refused but for localhost and 127.0.0.1; user names, wildcards and odd hosts are refused.
 */
export function normalizeEmbedOrigin(typed: string): { origin: string } | { problem: EmbedOriginProblem } {
  const value = typed.trim();
  if (value === "" || value.length > 300 || /[\s*'";,\\]/.test(value))
    return { problem: "embedOriginInvalid" };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { problem: "embedOriginInvalid" };
  }
  if (url.username || url.password) return { problem: "embedOriginInvalid" };
  const hostname = url.hostname.toLowerCase();
  if (url.protocol === "http:" && !isLoopback(hostname)) return { problem: "embedOriginNotHttps" };
  if (url.protocol !== "https:" && url.protocol !== "http:") return { problem: "embedOriginNotHttps" };
  const labels = hostname.split(".");
  const named =
    labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? "");
  // A site by its name: an address such as 192.0.2.1 (or "1.2.3", which URL reads as one) is refused.
  if (!named && !isLoopback(hostname)) return { problem: "embedOriginInvalid" };
  const origin = url.origin.toLowerCase();
  return SOURCE.test(origin) ? { origin } : { problem: "embedOriginInvalid" };
}

/**
 * The owner's list (one a line, or separated by commas or spaces) in its normal form: deduplicated,
 * in the order typed; or the first problem with the line that has it.
 */
export function parseEmbedOrigins(
  text: string,
): { origins: string[] } | { problem: EmbedOriginProblem; typed: string } {
  const origins: string[] = [];
  for (const part of text.split(/[\s,]+/)) {
    if (part === "") continue;
    const one = normalizeEmbedOrigin(part);
    if ("problem" in one) return { problem: one.problem, typed: part };
    if (!origins.includes(one.origin)) origins.push(one.origin);
  }
  if (origins.length > EMBED_ORIGINS_MAX) return { problem: "embedOriginsTooMany", typed: "" };
  return { origins };
}

/**
 * The `frame-ancestors` sources of a route's ask (FRAME_ANCESTORS_HEADER), or null when it names
 * nothing valid: only well-formed origins pass, so nothing a store typed can add another directive.
 */
export function frameAncestorsSources(asked: string): string | null {
  const sources = asked.split(" ").filter((source) => SOURCE.test(source));
  return sources.length > 0 ? sources.join(" ") : null;
}
