import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import type { RequestHandler } from "express";

// Decision 0079 (Lighthouse on `/`): every text answer Express sends — pages, React Router's `.data`
// requests, feeds, JSON — travels brotli- or gzip-compressed by the visitor's Accept-Encoding
// (decision 0079). Before this only the build's assets (precompressed, answered before Express) and
// the cached store page were compressed; the landing page went out as 66 KB of plain HTML.
// - Types are chosen by the `compressible` list: HTML, JSON, CSV, XML, text/x-script go compressed;
//   images, PDF, zip and xlsx are compressed already and go as they are.
// - An answer that already names its Content-Encoding (the store page cache's entry) is left alone.
// - Under 1 KB nothing is compressed: the header costs more than it saves.
// - Brotli quality 4 (the library's default, a few milliseconds on a large page) rather than 11: this
//   runs per request; the assets, compressed once at build, use 11.
// - A streamed answer (the product export) stays streamed: each write is flushed through zlib, or
//   brotli would hold a whole export back until its end. A page is one write (entry.server.tsx), so
//   this costs it nothing.

/** The threshold below which an answer is sent as it is. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    flush: zlibConstants.Z_SYNC_FLUSH,
    brotli: {
      flush: zlibConstants.BROTLI_OPERATION_FLUSH,
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
    },
  }) as RequestHandler;
}
