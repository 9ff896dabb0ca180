// `node tests/support/vite-run.mjs <file.ts> [args…]`: runs a server-side TypeScript file through
// Vite's SSR module loader, as Vitest loads the services (`~/` paths, `?raw` and
// `import.meta.glob`), without the app's plugins: a crash child run by hand (the tests bundle theirs once,
// tests/support/child-bundle.ts).
import path from "node:path";
import { createServer } from "vite";

const [file, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], path.resolve(file), ...args];
const vite = await createServer({
  configFile: false,
  root: path.resolve(import.meta.dirname, "../.."),
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  appType: "custom",
  logLevel: "error",
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  await vite.ssrLoadModule(path.resolve(file));
} finally {
  await vite.close();
}
