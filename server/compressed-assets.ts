import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { COMPRESSED_TYPES } from "./precompress-assets";

// For speed, the hashed, immutable build assets travel brotli- or gzip-compressed, which is
// what the public page's 150 KB budget counts, answered before Express.
// They are compressed at build time (precompress-assets.ts); here the files the build wrote
// are read once, on the first asset request, and a name that is not among them falls through to
// express.static untouched: nothing is compressed or remembered per request (decision 0021).

type Compressed = { type: string; gzip: Buffer | null; br: Buffer | null };
const NAME = /^\/assets\/([\w.-]+)$/;
const indexes = new Map<string, Map<string, Compressed>>();

/** Every script and stylesheet of the build with its precompressed bodies, read once per directory. */
function indexOf(dir: string): Map<string, Compressed> {
  let index = indexes.get(dir);
  if (index) return index;
  index = new Map();
  const names = existsSync(dir) ? readdirSync(dir) : [];
  const present = new Set(names);
  const read = (name: string) => (present.has(name) ? readFileSync(path.join(dir, name)) : null);
  for (const name of names) {
    const type = COMPRESSED_TYPES[path.extname(name)];
    if (!type) continue;
    const entry = { type, gzip: read(`${name}.gz`), br: read(`${name}.br`) };
    if (entry.gzip || entry.br) index.set(name, entry);
  }
  indexes.set(dir, index);
  return index;
}

export function serveCompressedAsset(dir: string, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const match = NAME.exec(req.url ?? "");
  if (!match) return false;
  const entry = indexOf(dir).get(match[1]!);
  // Decision 0054: a script the build on disk no longer has is not answered from memory,
  // so the server and its files agree and a page that needs it learns at once (one stat).
  if (!entry || !existsSync(path.join(dir, match[1]!))) return false;
  const accepted = req.headers["accept-encoding"] ?? "";
  const encoding =
    entry.br && /\bbr\b/.test(accepted) ? "br" : entry.gzip && /\bgzip\b/.test(accepted) ? "gzip" : null;
  if (!encoding) return false;
  const body = entry[encoding]!;
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
