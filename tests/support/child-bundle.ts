import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";

// A TypeScript file that a test starts as a child process (the crash tests' writers), bundled once
// per test file by Vite as the services are loaded in Vitest (`~/` paths, `?raw`,
// `import.meta.glob`), so that each child is a plain `node child.mjs`. Loading the sources through
// Vite in every child cost about 8 s of CPU per child, and the crash tests start about 40 of them
// on each database (decision 0123). The bundle lies inside the repository (.test-cache/, ignored by
// git) so that its packages resolve from node_modules as the sources' do.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The path of `entry`'s bundle, built in beforeAll and removed in afterAll: use it inside tests. */
export function childBundleForThisFile(entry: string): () => string {
  const outDir = path.join(ROOT, ".test-cache", `${path.basename(entry, ".ts")}-${randomUUID().slice(0, 8)}`);
  let built: string | undefined;
  beforeAll(async () => {
    const { build } = await import("vite");
    await build({
      configFile: false,
      root: ROOT,
      logLevel: "error",
      publicDir: false,
      resolve: { tsconfigPaths: true },
      build: {
        ssr: path.resolve(ROOT, entry),
        outDir,
        emptyOutDir: true,
        minify: false,
        sourcemap: false,
        rollupOptions: { output: { format: "esm", entryFileNames: "child.mjs" } },
      },
    });
    built = path.join(outDir, "child.mjs");
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));
  return () => {
    if (!built) throw new Error(`${entry}: the child is bundled in beforeAll; use it inside tests`);
    return built;
  };
}
