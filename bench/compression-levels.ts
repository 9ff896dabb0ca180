// What each compression level costs on one page: bytes and milliseconds per call (zlib's sync
// functions, the way the page cache compresses a fill). Numbers go to docs/performance.md.
//
//   curl -s -o demo.html http://localhost:3000/demo && npx tsx bench/compression-levels.ts demo.html
import { readFileSync } from "node:fs";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";

const file = process.argv[2];
if (!file) throw new Error("usage: tsx bench/compression-levels.ts <page.html>");
const body = readFileSync(file);
const RUNS = 20;

function measure(compress: () => Buffer): [number, number] {
  let out = compress();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) out = compress();
  return [out.length, (performance.now() - started) / RUNS];
}

console.log(`identity ${body.length} B`);
for (const quality of [4, 5, 6, 8, 9, 11]) {
  const [bytes, ms] = measure(() =>
    brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  console.log(`brotli ${quality}\t${bytes} B\t${ms.toFixed(2)} ms`);
}
for (const level of [1, 6, 9]) {
  const [bytes, ms] = measure(() => gzipSync(body, { level }));
  console.log(`gzip ${level}\t${bytes} B\t${ms.toFixed(2)} ms`);
}
