import { describe, expect, it } from "vitest";
import { chunkGuardScript, mayReloadForChunk, type ReloadMemory } from "./chunk-reload";

function memory(): ReloadMemory & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("reload once after a chunk failure (10 seconds per path)", () => {
  it("the first failure on a path reloads, and is remembered", () => {
    const store = memory();
    expect(mayReloadForChunk("/dashboard/categories", 1_000_000, store)).toBe(true);
    expect(store.items.get("vitrina:chunk-reload:/dashboard/categories")).toBe("1000000");
  });

  it("a second failure on that path within 10 s does not reload: no loop", () => {
    const store = memory();
    expect(mayReloadForChunk("/dashboard/categories", 1_000_000, store)).toBe(true);
    expect(mayReloadForChunk("/dashboard/categories", 1_000_001, store)).toBe(false);
    expect(mayReloadForChunk("/dashboard/categories", 1_009_999, store)).toBe(false);
  });

  it("10 s later the path may reload once more; another path is counted on its own", () => {
    const store = memory();
    expect(mayReloadForChunk("/a", 1_000_000, store)).toBe(true);
    expect(mayReloadForChunk("/b", 1_000_500, store)).toBe(true);
    expect(mayReloadForChunk("/a", 1_010_000, store)).toBe(true);
    expect(mayReloadForChunk("/a", 1_010_001, store)).toBe(false);
  });

  it("a remembered time in the future (clock set back) counts as recent", () => {
    const store = memory();
    store.items.set("vitrina:chunk-reload:/a", "2000000");
    expect(mayReloadForChunk("/a", 1_000_000, store)).toBe(false);
  });

  it("without a working memory it never reloads: an uncounted reload could repeat forever", () => {
    expect(mayReloadForChunk("/a", 1_000_000, null)).toBe(false);
    const throwing: ReloadMemory = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(mayReloadForChunk("/a", 1_000_000, throwing)).toBe(false);
  });
});

describe("the inline guard script", () => {
  it("is one self-contained expression whose texts cannot close the script element", () => {
    const script = chunkGuardScript({ title: "</script><b>", hint: "h", reload: "r" });
    expect(script).not.toContain("</script>");
    // Parses as JavaScript (runs only in a browser).
    expect(() => new Function(script)).not.toThrow();
  });
});
