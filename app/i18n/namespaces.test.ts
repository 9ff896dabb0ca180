import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { LOCALES } from "./config";
import { messageScope, PUBLIC_MESSAGES, splitCatalogue } from "./namespaces";

// Decision 0008: a visitor's browser gets only the public part of a catalogue. A key a public page
// shows but the part lacks would render as the key itself (and break hydration): these tests fail
// first.
const appDir = path.resolve(import.meta.dirname, "..");

function catalogue(locale: string): Record<string, Record<string, unknown>> {
  const dir = path.join(appDir, "locales", locale);
  return Object.fromEntries(
    readdirSync(dir).map((file) => [
      file.replace(/\.json$/, ""),
      JSON.parse(readFileSync(path.join(dir, file), "utf8")),
    ]),
  );
}

describe("the public part of each catalogue", () => {
  for (const locale of LOCALES) {
    it(`${locale}: public and rest together are the whole catalogue, without overlap`, () => {
      const all = catalogue(locale);
      const parts = splitCatalogue(all);
      for (const [namespace, bundle] of Object.entries(all)) {
        const publicKeys = Object.keys(parts.public[namespace] ?? {});
        const restKeys = Object.keys(parts.rest[namespace] ?? {});
        expect(publicKeys.filter((key) => restKeys.includes(key))).toEqual([]);
        expect({ ...parts.public[namespace], ...parts.rest[namespace] }).toEqual(bundle);
      }
    });

    it(`${locale}: every namespace and key named public exists`, () => {
      const all = catalogue(locale);
      const missing = Object.entries(PUBLIC_MESSAGES).flatMap(([namespace, keys]) =>
        !all[namespace]
          ? [namespace]
          : keys === true
            ? []
            : keys.filter((key) => !(key in all[namespace]!)).map((key) => `${namespace}:${key}`),
      );
      expect(missing).toEqual([]);
    });
  }
});

type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };

/** Every page (a route without children) with its pattern and the files that render it. */
function pages(entries: RouteEntry[], parent = { pattern: "", files: ["root.tsx"] }) {
  return entries.flatMap((entry): { pattern: string; files: string[] }[] => {
    const pattern = [parent.pattern, entry.path].filter(Boolean).join("/");
    const files = [...parent.files, entry.file];
    return entry.children ? pages(entry.children, { pattern, files }) : [{ pattern, files }];
  });
}

const publicPages = pages(routes as RouteEntry[]).filter((page) => messageScope(page.pattern) === "public");

describe("which pages are public", () => {
  it("the store page, its prices and posts pages, the landing page and the 404 page, nothing else", () => {
    expect(publicPages.map((page) => page.files.at(-1)).sort()).toEqual([
      "routes/feeds/prices-page.tsx",
      "routes/landing/home.tsx",
      "routes/not-found.tsx",
      "routes/store/point-of-sale-page.tsx",
      "routes/store/store-page.tsx",
      "routes/store/store-posts.tsx",
    ]);
  });

  it("signing in, onboarding and the dashboard load the whole catalogue", () => {
    for (const pattern of ["auth/login", "onboarding", "dashboard", "dashboard/products", "api/locale"]) {
      expect([pattern, messageScope(pattern)]).toEqual([pattern, "all"]);
    }
    expect(messageScope("/:username")).toBe("public");
    expect(messageScope(":username/:pointOfSale")).toBe("public");
  });
});

/** The files a page's browser code is made of: its route files and what they import, less `.server`. */
function moduleGraph(files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || /\.server\.tsx?$/.test(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(/^(?:import|export)(?! type)[^;]*?from\s+"([~.][^"]+)"/gms)) {
      const base = specifier!.startsWith("~/")
        ? path.join(appDir, specifier!.slice(2))
        : path.resolve(path.dirname(file), specifier!);
      const resolved = [base, `${base}.ts`, `${base}.tsx`].find((f) => /\.tsx?$/.test(f) && existsSync(f));
      if (resolved) visit(resolved);
    }
  };
  for (const file of files) visit(path.join(appDir, file));
  return [...seen];
}

describe("keys in the public pages' code", () => {
  const namespaces = Object.keys(catalogue("en"));
  const files = moduleGraph([...new Set(publicPages.flatMap((page) => page.files))]);

  it("are all in the public part", () => {
    const outside: string[] = [];
    const check = (file: string, namespace: string, key: string) => {
      const shown = PUBLIC_MESSAGES[namespace];
      const top = key.split(".")[0]!;
      if (shown !== true && !shown?.includes(top)) {
        outside.push(`${path.relative(appDir, file)}: ${namespace}:${key}`);
      }
    };
    const prefixed = new RegExp(`["'\`](${namespaces.join("|")}):([\\w.]+)`, "g");
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const [, namespace, key] of text.matchAll(prefixed)) check(file, namespace!, key!);
      const declared = new Set(
        [...text.matchAll(/\b(?:useTranslation|useT)\(\s*(?:"(\w+)")?\s*\)/g)].map((m) => m[1] ?? "common"),
      );
      // t("key") belongs to the file's namespace; with several in one file, each must be public whole.
      const keys = [...text.matchAll(/\bt\(\s*["'`]([\w.]+)/g)].map((m) => m[1]!);
      for (const namespace of declared) {
        if (declared.size === 1) for (const key of keys) check(file, namespace, key);
        else if (PUBLIC_MESSAGES[namespace] !== true) outside.push(`${file}: ${namespace} (one of several)`);
      }
    }
    expect(files.length).toBeGreaterThan(10);
    expect(outside).toEqual([]);
  });
});
