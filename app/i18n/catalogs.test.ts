import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./config";

// Every user-facing string exists in mk, en and sq: a key missing in any language fails here.
const root = path.resolve(import.meta.dirname, "../locales");

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const keys = new Map<string, string>();
  if (typeof value === "string") keys.set(prefix, value);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) keys.set(k, v);
    }
  }
  return keys;
}

function catalogue(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(path.join(root, locale))) {
    const namespace = file.replace(/\.json$/, "");
    const json = JSON.parse(readFileSync(path.join(root, locale, file), "utf8"));
    for (const [key, value] of flatten(json)) all.set(`${namespace}:${key}`, value);
  }
  return all;
}

const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, catalogue(locale)]));
const allKeys = new Set(LOCALES.flatMap((locale) => [...catalogues[locale]!.keys()]));

describe("message catalogues", () => {
  for (const locale of LOCALES) {
    it(`${locale} has every key, none empty`, () => {
      const missing = [...allKeys].filter((key) => !catalogues[locale]!.has(key));
      expect(missing).toEqual([]);
      const empty = [...catalogues[locale]!].filter(([, value]) => value.trim() === "").map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it(`${locale} uses the same {{placeholders}} as en`, () => {
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const [key, value] of catalogues[locale]!) {
        const english = catalogues.en!.get(key);
        if (english !== undefined) expect([key, placeholders(value)]).toEqual([key, placeholders(english)]);
      }
    });
  }

  it("mk and sq screens carry no English sentences copied from en", () => {
    const same = (locale: string) =>
      [...catalogues[locale]!].filter(
        ([key, value]) => /[a-z]{4,} [a-z]{3,}/i.test(value) && catalogues.en!.get(key) === value,
      );
    expect(same("mk").map(([key]) => key)).toEqual([]);
    expect(same("sq").map(([key]) => key)).toEqual([]);
  });
});

describe("keys used in code", () => {
  const appDir = path.resolve(import.meta.dirname, "..");
  const namespaces = [...new Set([...allKeys].map((key) => key.split(":")[0]))];
  const sources: [string, string][] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        sources.push([full, readFileSync(full, "utf8")]);
      }
    }
  };
  visit(appDir);

  it("every literal 'namespace:key' exists", () => {
    const pattern = new RegExp(`["'\`]((?:${namespaces.join("|")}):[\\w.]+)["'\`]`, "g");
    const missing: string[] = [];
    for (const [file, text] of sources) {
      for (const match of text.matchAll(pattern)) {
        const key = match[1]!;
        if (!catalogues.en!.has(key) && !catalogues.en!.has(`${key}_other`)) {
          missing.push(`${path.relative(appDir, file)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("every literal t('key') exists in the file's namespace", () => {
    const missing: string[] = [];
    for (const [file, text] of sources) {
      const declared = [...text.matchAll(/\b(?:useTranslation|useT)\(\s*(?:"(\w+)")?\s*\)/g)].map(
        (m) => m[1] ?? "common",
      );
      if (new Set(declared).size !== 1) continue;
      const namespace = declared[0]!;
      for (const match of text.matchAll(/\bt\(\s*"([\w.]+)"/g)) {
        const key = `${namespace}:${match[1]}`;
        if (!catalogues.en!.has(key) && !catalogues.en!.has(`${key}_other`)) {
          missing.push(`${path.relative(appDir, file)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
