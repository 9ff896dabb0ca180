import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "~/db/schema/account-security";
import { LOCALES } from "~/i18n/config";

// The audit log's `action` column is typed by AUDIT_ACTIONS, so every action the code can write is in
// that list; the admin audit log shows each one through `admin:audit.actions.<action>`. A new action
// without its labels would show as a raw key to the admin.
const root = path.resolve(import.meta.dirname, "../../locales");

describe("audit action labels", () => {
  for (const locale of LOCALES) {
    it(`${locale} labels every audit action`, () => {
      const admin = JSON.parse(readFileSync(path.join(root, locale, "admin.json"), "utf8"));
      const labels: Record<string, string> = admin.audit.actions;
      const missing = AUDIT_ACTIONS.filter((action) => !labels[action]?.trim());
      expect(missing).toEqual([]);
    });
  }
});
