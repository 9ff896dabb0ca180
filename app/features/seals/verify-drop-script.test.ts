import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { verifyDropScript } from "./verify-drop-script";

// /verify's drop zone: the inline script's own text, run against a fake page. Dropped files go
// into the form's fields (a .seal.json into the seal's), and the hint is shown only by the script.

type Listener = (event: Record<string, unknown>) => void;

function fakePage(options: { dataTransfer?: boolean } = {}) {
  const listeners = new Map<string, Listener>();
  const attributes = new Set<string>();
  const input = (name: string) => ({
    name,
    files: null as unknown,
    changes: 0,
    dispatchEvent() {
      this.changes++;
    },
  });
  const file = input("file");
  const seal = input("seal");
  const hint = { hidden: true };
  const form = {
    querySelector: (selector: string) =>
      selector.includes('"file"') ? file : selector.includes('"seal"') ? seal : null,
    querySelectorAll: () => [hint],
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    setAttribute: (name: string) => attributes.add(name),
    removeAttribute: (name: string) => attributes.delete(name),
    contains: () => false,
  };
  class FakeDataTransfer {
    items = { add: (item: unknown) => this.list.push(item) };
    list: unknown[] = [];
    get files() {
      return this.list;
    }
  }
  const context = {
    document: { querySelector: (selector: string) => (selector === "form[data-drop-zone]" ? form : null) },
    DataTransfer: options.dataTransfer === false ? undefined : FakeDataTransfer,
    Event: class {
      constructor(public type: string) {}
    },
    Array,
  };
  vm.runInNewContext(verifyDropScript(), context);
  const fire = (type: string, event: Record<string, unknown>) => {
    let prevented = false;
    listeners.get(type)?.({ ...event, preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { listeners, attributes, file, seal, hint, fire };
}

describe("/verify's drop zone", () => {
  it("shows its hint, and takes a dragged day file and its seal into their own fields", () => {
    const page = fakePage();
    expect(page.hint.hidden).toBe(false);
    const day = { name: "demo-prices-2026-11-20.json" };
    const dayseal = { name: "demo-prices-2026-11-20.seal.json" };
    expect(page.fire("dragover", { dataTransfer: { types: ["Files"], dropEffect: "none" } })).toBe(true);
    expect(page.attributes.has("data-dragging")).toBe(true);
    expect(page.fire("drop", { dataTransfer: { files: [dayseal, day] } })).toBe(true);
    expect(page.attributes.has("data-dragging")).toBe(false);
    expect(page.file.files).toEqual([day]);
    expect(page.seal.files).toEqual([dayseal]);
    expect([page.file.changes, page.seal.changes]).toEqual([1, 1]);
  });

  it("leaves a drag of text alone, and a drop with no file", () => {
    const page = fakePage();
    expect(page.fire("dragover", { dataTransfer: { types: ["text/plain"] } })).toBe(false);
    expect(page.fire("drop", { dataTransfer: { files: [] } })).toBe(false);
    expect(page.file.files).toBeNull();
  });

  it("does nothing in a browser that cannot set a file field (the plain fields stay the way)", () => {
    const page = fakePage({ dataTransfer: false });
    expect(page.hint.hidden).toBe(true);
    expect(page.listeners.size).toBe(0);
  });
});
