// The route pattern a path belongs to, for the request metrics' label (decision 0112). React Router's
// public `matchRoutes` flattens, ranks and compiles every route again on each call (the soak's CPU
// profile showed it beside React Router's own matching). This compiles the patterns once, ranked as
// React Router ranks them, so a request costs one regular-expression test per pattern until the
// first match.

type CompiledPattern = { pattern: string; regex: RegExp; score: number; order: number };

// React Router's ranking (computeScore in its router): more segments, static ones above dynamic ones,
// a splat last.
const staticSegment = 10;
const dynamicSegment = 3;
const emptySegment = 1;
const splatPenalty = -2;

function score(path: string): number {
  const segments = path.split("/");
  const splat = segments.includes("*");
  return segments
    .filter((segment) => segment !== "*")
    .reduce(
      (total, segment) =>
        total + (segment.startsWith(":") ? dynamicSegment : segment === "" ? emptySegment : staticSegment),
      segments.length + (splat ? splatPenalty : 0),
    );
}

/** "/api/users/:id?/impersonate" as React Router explodes it: once with the segment, once without. */
function withoutOptionals(path: string): string[] {
  const segments = path.split("/").filter(Boolean);
  let variants = [""];
  for (const segment of segments) {
    const optional = segment.endsWith("?");
    const kept = variants.map((variant) => `${variant}/${optional ? segment.slice(0, -1) : segment}`);
    variants = optional ? [...kept, ...variants] : kept;
  }
  return variants.map((variant) => variant || "/");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function regexOf(path: string): RegExp {
  const source = path
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment === "*" ? "(?:/.*)?" : segment.startsWith(":") ? "/[^/]+" : `/${escapeRegExp(segment)}`,
    )
    .join("");
  // Case-insensitive and with an optional trailing slash, as React Router matches.
  return new RegExp(`^${source}/*$`, "i");
}

/** A matcher from full route patterns ("/:username/prices/:file") to the one that answers a path. */
export function patternMatcher(patterns: string[]): (pathname: string) => string | null {
  const compiled: CompiledPattern[] = patterns.flatMap((pattern, order) =>
    withoutOptionals(pattern).map((path) => ({ pattern, regex: regexOf(path), score: score(path), order })),
  );
  compiled.sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname) => compiled.find(({ regex }) => regex.test(pathname))?.pattern ?? null;
}
