import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";

// The live feeds are held as bytes once per store version (feed.server.ts). Compressing them on
// every request (the response middleware's brotli 4, decision 0079) cost more than answering them: a
// 20,000-product store's JSON is 13.5 MB. Each held file is compressed once per encoding, the first
// time a visitor asks for that encoding, on libuv's thread pool rather than the event loop, and the
// result lives exactly as long as the held bytes do (decision 0134). The levels are the page cache's
// (gzip 6, brotli 6, decision 0128): within 1 % of the highest levels' bytes at a fraction of the time.

export type FeedEncoding = "br" | "gzip" | "identity";

/** Below this an answer goes as it is, as the response middleware does. */
const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Per held Buffer: its compressed bodies, made once each (a failed attempt is forgotten). */
const compressed = new WeakMap<Buffer, Partial<Record<Exclude<FeedEncoding, "identity">, Promise<Buffer>>>>();
/** The same bodies once made, for a caller that may not wait (server/feed-edge.ts). */
const made = new WeakMap<Buffer, Partial<Record<Exclude<FeedEncoding, "identity">, Buffer>>>();
let compressions = 0;

/**
 * The encoding to answer in by Accept-Encoding (RFC 9110 §12.5.3): brotli, else gzip, else the bytes
 * as they are. A coding with q=0 is refused; `*` stands for any coding not named.
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): FeedEncoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  if (weightOf("br") > 0) return "br";
  if (weightOf("gzip") > 0) return "gzip";
  return "identity";
}

/** The held bytes in the encoding asked for: compressed once, then answered from memory. */
export async function encodedOnce(
  bytes: Buffer,
  encoding: FeedEncoding,
): Promise<{ body: Buffer; encoding: FeedEncoding }> {
  if (encoding === "identity" || bytes.byteLength < COMPRESS_FROM_BYTES) {
    return { body: bytes, encoding: "identity" };
  }
  let bodies = compressed.get(bytes);
  if (!bodies) {
    bodies = {};
    compressed.set(bytes, bodies);
  }
  let pending = bodies[encoding];
  if (!pending) {
    compressions += 1;
    pending =
      encoding === "br"
        ? brotli(bytes, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
            },
          })
        : gzipAsync(bytes, { level: 6 });
    bodies[encoding] = pending;
    pending.then(
      (body) => {
        const done = made.get(bytes) ?? {};
        done[encoding] = body;
        made.set(bytes, done);
      },
      () => {
        if (bodies[encoding] === pending) delete bodies[encoding];
      },
    );
  }
  return { body: await pending, encoding };
}

/** The held bytes in `encoding` if they have been compressed already; null otherwise (no waiting). */
export function encodedNow(bytes: Buffer, encoding: FeedEncoding): Buffer | null {
  if (encoding === "identity") return bytes;
  return made.get(bytes)?.[encoding] ?? null;
}

/** How many compressions have run since start (tests, and the bench's check that hits don't compress). */
export function feedCompressionCount(): number {
  return compressions;
}
