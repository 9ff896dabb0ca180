import path from "node:path";

// For `vite-node`: the app's `~/` alias and Vite's import.meta.glob (the i18n catalogues), without the
// React Router plugin, so the benchmark can import route modules and call their loaders.
export default {
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "../app") } },
};
