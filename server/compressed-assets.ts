import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

// Issue 6 (speed): the hashed, immutable build assets, compressed once per file on first request
// and answered before Express. The public page's JavaScript then travels brotli- or gzip-compressed,
// which is what the 150 KB budget counts. Anything else falls through to express.static.

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};
const NAME = /^\/assets\/([\w.-]+)$/;

type Compressed = { type: string; identity: Buffer; gzip: Buffer; br: Buffer };
const files = new Map<string, Compressed | null>();

function load(dir: string, name: string): Compressed | null {
  if (files.has(name)) return files.get(name)!;
  const type = TYPES[path.extname(name)];
  const file = path.join(dir, name);
  let entry: Compressed | null = null;
  if (type && existsSync(file)) {
    const identity = readFileSync(file);
    entry = {
      type,
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    };
  }
  if (files.size < 2000) files.set(name, entry);
  return entry;
}

export function serveCompressedAsset(dir: string, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const match = NAME.exec(req.url ?? "");
  if (!match) return false;
  const accepted = req.headers["accept-encoding"] ?? "";
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
  if (!encoding) return false;
  const entry = load(dir, match[1]!);
  if (!entry) return false;
  const body = entry[encoding];
  res.statusCode = 200;
  res.setHeader("Content-Type", entry.type);
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
