import { describe, expect, it } from "vitest";
import { LOCALES } from "./config";
import { createI18n } from "./i18n";
import { resources } from "./resources";
import { remembering } from "./use-t";

// remembering() fills "{{name}}" templates itself; every text of every catalogue must come out
// exactly as i18next makes it, whichever values are given, on the first call and from memory.

function texts(value: unknown, prefix: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([prefix, value]);
  else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) texts(child, `${prefix}.${key}`, out);
  return out;
}

describe("remembering t()", () => {
  for (const locale of LOCALES) {
    it(`gives i18next's text for every ${locale} key with placeholders`, () => {
      const i18n = createI18n(locale, resources[locale]);
      const t = remembering(i18n.t);
      let checked = 0;
      for (const [namespace, messages] of Object.entries(resources[locale])) {
        for (const [path, text] of texts(messages, namespace)) {
          const key = path.replace(".", ":");
          const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
          if (names.length === 0) continue;
          const all = Object.fromEntries(names.map((name, i) => [name, `<${name}> & "{{x}}" ${i}`]));
          const some = Object.fromEntries(names.slice(1).map((name) => [name, 7]));
          for (const values of [all, some, all, { ...all, count: 2 }]) {
            expect([key, t(key, values)]).toEqual([key, i18n.t(key, values)]);
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(20);
    });
  }

  it("answers a missing key as i18next does, and does not remember it", () => {
    const i18n = createI18n("en", { common: {} });
    const t = remembering(i18n.t);
    expect(t("store:nothing", { name: "x" })).toBe(i18n.t("store:nothing", { name: "x" }));
    i18n.addResource("en", "store", "nothing", "Now {{name}}");
    expect(t("store:nothing", { name: "x" })).toBe("Now x");
  });
});
