import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { Plugin } from "vite";

// The hashed build assets are compressed once, when they are built, into
// `name.br` and `name.gz` beside them (decision 0021). The server only reads those files; a request
// never compresses anything, so no name a visitor makes up can cost CPU.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The asset types sent compressed; images and fonts are compressed already. */
export const COMPRESSED_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** Writes `.br` (quality 11) and `.gz` (level 9) beside every script and stylesheet in `dir`. */
export async function precompressDirectory(dir: string): Promise<number> {
  const names = (await readdir(dir)).filter((name) => COMPRESSED_TYPES[path.extname(name)]);
  // Two at a time: zlib runs on libuv's thread pool, and the build machine has two cores.
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const file = path.join(dir, names[next++]!);
      const identity = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzipAsync(identity, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }
  };
  await Promise.all([worker(), worker()]);
  return names.length;
}

/** Vite plugin: after the browser build is written, its assets are compressed beside them. */
export function precompressAssets(): Plugin {
  return {
    name: "vitrina:precompress-assets",
    apply: "build",
    async writeBundle(options) {
      if (this.environment?.name !== "client" || !options.dir) return;
      await precompressDirectory(path.join(options.dir, "assets"));
    },
  };
}
