import { describe, expect, it, vi } from "vitest";
import { createI18n } from "./i18n";
import { resources } from "./resources";

// In a build the parts come from vite.config.ts; here, from the same split of the same files. A part
// arrives when the test opens its gate, so a test decides the order in which they come.
const { chunk, gate } = vi.hoisted(() => {
  type Gate = { promise: Promise<void>; resolve: () => void };
  const gates = new Map<string, Gate>();
  const gate = (locale: string, part: "public" | "rest"): Gate => {
    const key = `${locale}-${part}`;
    if (!gates.has(key)) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      gates.set(key, { promise, resolve });
    }
    return gates.get(key)!;
  };
  const chunk = (locale: "mk" | "en" | "sq", part: "public" | "rest") => async () => {
    await gate(locale, part).promise;
    const { resources } = await import("./resources");
    const { splitCatalogue } = await import("./namespaces");
    return { messages: splitCatalogue(resources[locale])[part] };
  };
  return { chunk, gate };
});
vi.mock("virtual:catalogue/mk-public", chunk("mk", "public"));
vi.mock("virtual:catalogue/mk-rest", chunk("mk", "rest"));
vi.mock("virtual:catalogue/en-public", chunk("en", "public"));
vi.mock("virtual:catalogue/en-rest", chunk("en", "rest"));
vi.mock("virtual:catalogue/sq-public", chunk("sq", "public"));
vi.mock("virtual:catalogue/sq-rest", chunk("sq", "rest"));

const { clientI18n, loadMessages } = await import("./load-messages.client");
// The server's instance, with the whole mk catalogue: what the parts must add up to.
const whole = createI18n("mk", resources.mk);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("the browser's catalogue, loaded in parts", () => {
  it("a dashboard page gets both parts of a split namespace, whichever arrives first", async () => {
    const loading = loadMessages("en", "all");
    gate("en", "rest").resolve();
    await tick();
    gate("en", "public").resolve();
    await loading;
    const { t } = clientI18n("en");
    expect(t("compliance:report.submit")).toBe("Send report");
    expect(t("compliance:prompt.yes")).toBe("Yes, confirm prices");
    expect(t("products:units.piece")).toBe("piece");
    expect(t("products:title")).toBe("Products");
  });

  it("a public page hydrates with the public part; a navigation adds the rest to the same instance", async () => {
    const publicOnly = loadMessages("mk", "public");
    gate("mk", "public").resolve();
    await publicOnly;
    const i18n = clientI18n("mk");
    for (const key of ["store:search.submit", "products:title", "products:units.piece"]) {
      expect([key, whole.exists(key)]).toEqual([key, true]);
    }
    expect(i18n.t("store:search.submit")).toBe(whole.t("store:search.submit"));
    expect(i18n.exists("products:title")).toBe(false);

    const navigation = loadMessages("mk", "all");
    await tick();
    expect(i18n.exists("products:title")).toBe(false);
    gate("mk", "rest").resolve();
    await navigation;
    expect(clientI18n("mk")).toBe(i18n);
    expect(i18n.t("products:title")).toBe(whole.t("products:title"));
    expect(i18n.t("products:units.piece")).toBe(whole.t("products:units.piece"));
  });
});
