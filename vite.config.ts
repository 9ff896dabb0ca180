import { readdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { splitCatalogue } from "./app/i18n/namespaces.ts";
import { precompressAssets } from "./server/precompress-assets.ts";
import { routeModuleFailure } from "./server/route-module-failure.ts";

const LOCALES_DIR = fileURLToPath(new URL("./app/locales", import.meta.url));
const CATALOGUE = "virtual:catalogue/";

/**
 * `virtual:catalogue/<locale>-<public|rest>`: that part of a language's message catalogue as one
 * module, so one chunk (decision 0008). The public part is all a visitor's browser downloads.
 */
function catalogueParts(): Plugin {
  return {
    name: "vitrina:catalogue-parts",
    resolveId: (id) => (id.startsWith(CATALOGUE) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${CATALOGUE}`)) return undefined;
      const [locale = "", part] = id.slice(CATALOGUE.length + 1).split("-");
      if (!/^[a-z]{2}$/.test(locale) || (part !== "public" && part !== "rest")) {
        throw new Error(`unknown catalogue part: ${id.slice(1)}`);
      }
      const messages: Record<string, Record<string, unknown>> = {};
      for (const file of readdirSync(path.join(LOCALES_DIR, locale)).filter((f) => f.endsWith(".json"))) {
        const full = path.join(LOCALES_DIR, locale, file);
        this.addWatchFile(full);
        messages[file.slice(0, -".json".length)] = JSON.parse(readFileSync(full, "utf8"));
      }
      return `export const messages = ${JSON.stringify(splitCatalogue(messages)[part])};`;
    },
  };
}

/**
 * The worker threads' scripts are further entries of the server bundle (decisions 0049, 0118). React
 * Router names every server entry "index.js", so these come out as "index2.js" and so on: once
 * written, each gets its own name, which server/app.ts looks for. They stay in the same folder, so
 * their imports hold, and nothing imports an entry, so no other file refers to the old names.
 */
function workerEntries(names: string[]): Plugin {
  return {
    name: "vitrina:worker-entries",
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle(options, bundle) {
      for (const name of names) {
        const entry = Object.values(bundle).find(
          (chunk) => chunk.type === "chunk" && chunk.isEntry && chunk.name === name,
        );
        if (!entry || !options.dir) throw new Error(`the server build has no ${name} entry`);
        renameSync(path.join(options.dir, entry.fileName), path.join(options.dir, `${name}.js`));
      }
    },
  };
}
const PDF_WORKER = "price-list-pdf-worker";
const XLSX_WORKER = "xlsx-read-worker";

// In the browser, what every page runs is one chunk: fewer requests, and brotli compresses one file
// better than seven (decision 0008). Only what every page loads anyway belongs here.
const EVERY_PAGE = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  /node_modules[\\/](i18next|react-i18next|use-sync-external-store)[\\/]/,
  /node_modules[\\/](tailwind-merge|clsx|class-variance-authority)[\\/]/,
  /app[\\/]i18n[\\/]/,
  /app[\\/]lib[\\/]cn\.ts$/,
  /app[\\/]components[\\/]language-switcher\.tsx$/,
];

/** Vite's default browser target ("baseline-widely-available"), named for the server build's CSS. */
const BROWSER_TARGET = ["chrome111", "edge111", "firefox114", "safari16.4", "ios16.4"];

// The custom Express app (server/app.ts) is the SSR entry, so the server bundle holds one copy
// of the database, auth and router code (React Router's node-custom-server pattern).
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? {
        rollupOptions: {
          input: {
            index: "./server/app.ts",
            [PDF_WORKER]: "./app/features/pdf/price-list-pdf.worker.ts",
            [XLSX_WORKER]: "./app/features/import/xlsx-read.worker.ts",
          },
        },
        target: "node20",
        // The server build writes the stylesheet too, and root.tsx links the one it names (decision
        // 0079): written for the browsers the client build targets (Vite's default), both builds
        // produce the same file and the same name; for node20 it differed, and the page linked a file
        // the browser build never compressed.
        cssTarget: BROWSER_TARGET,
      }
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "framework", test: (id: string) => EVERY_PAGE.some((re) => re.test(id)) }],
            },
          },
        },
      },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "pino"],
  },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    catalogueParts(),
    reactRouter(),
    precompressAssets(),
    workerEntries([PDF_WORKER, XLSX_WORKER]),
    // Decision 0054: a route chunk that fails to load goes through the page's chunk guard.
    routeModuleFailure(),
  ],
}));
