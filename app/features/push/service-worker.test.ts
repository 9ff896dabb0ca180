import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { CONFIRMATION_URL } from "./push.server";

// Decision 0131: the dashboard's service worker (public/dashboard/sw.js), run as a browser runs it:
// the file's own text in a context whose `self` is a fake worker global. A push shows the reminder;
// tapping it opens the confirmation, in the owner's open dashboard window when there is one.

const ORIGIN = "https://vitrina.example";
const source = readFileSync(path.resolve("public/dashboard/sw.js"), "utf8");

type Listener = (event: unknown) => void;
type FakeWindow = {
  url: string;
  focused: boolean;
  navigatedTo: string | null;
  focus: () => Promise<FakeWindow>;
  navigate: (url: string) => Promise<FakeWindow | null>;
};

function fakeWindow(url: string, options: { controlled?: boolean } = {}): FakeWindow {
  const window: FakeWindow = {
    url,
    focused: false,
    navigatedTo: null,
    focus: async () => {
      window.focused = true;
      return window;
    },
    // A page the worker does not control refuses navigate(), as browsers do.
    navigate: async (target) => {
      if (options.controlled === false) throw new TypeError("not controlled");
      window.navigatedTo = target;
      window.url = target;
      return window;
    },
  };
  return window;
}

/** Loads sw.js with a fake `self`; returns what its handlers did. */
function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const matchAllQueries: unknown[] = [];
  const self = {
    location: new URL(`${ORIGIN}/dashboard/sw.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => Promise.resolve(),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: async (query: unknown) => {
        matchAllQueries.push(query);
        return windows;
      },
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  vm.runInNewContext(source, { self, URL });

  /** Dispatches an event and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  }

  async function push(payload: unknown) {
    const text = typeof payload === "string" ? payload : JSON.stringify(payload);
    await dispatch("push", {
      data: payload === undefined ? null : { json: () => JSON.parse(text), text: () => text },
    });
  }

  /** Taps the notification the last push showed. */
  async function tap() {
    const notification = shown.at(-1)!;
    let closed = false;
    await dispatch("notificationclick", {
      notification: { data: notification.options.data, close: () => (closed = true) },
    });
    return { closed };
  }

  return { listeners, shown, opened, matchAllQueries, push, tap };
}

const reminder = {
  title: "Маркет Пела",
  body: "Потврдете ги цените до 10:00",
  url: CONFIRMATION_URL,
  tag: "confirm-2026-11-20",
};

describe("the dashboard's service worker", () => {
  it("shows the reminder a push brings, with its text, tag and the confirmation's address", async () => {
    const worker = loadWorker();
    expect([...worker.listeners.keys()]).toEqual(["install", "activate", "push", "notificationclick"]);
    await worker.push(reminder);
    expect(worker.shown).toHaveLength(1);
    expect(worker.shown[0]).toMatchObject({
      title: "Маркет Пела",
      options: {
        body: "Потврдете ги цените до 10:00",
        tag: "confirm-2026-11-20",
        renotify: true,
        icon: "/dashboard/icon-192.png",
        data: { url: "/dashboard/products" },
      },
    });
  });

  it("shows something readable for an empty or unreadable push", async () => {
    const worker = loadWorker();
    await worker.push(undefined);
    await worker.push("not json");
    expect(worker.shown.map((shown) => [shown.title, shown.options.body])).toEqual([
      ["Витрина", ""],
      ["Витрина", "not json"],
    ]);
  });

  it("tapping opens the confirmation in a new window when no dashboard is open", async () => {
    const worker = loadWorker([fakeWindow(`${ORIGIN}/shop-name`)]);
    await worker.push(reminder);
    const { closed } = await worker.tap();
    expect(closed).toBe(true);
    expect(worker.opened).toEqual([`${ORIGIN}/dashboard/products`]);
    expect(worker.matchAllQueries).toEqual([{ type: "window", includeUncontrolled: true }]);
  });

  it("tapping brings the owner's open dashboard window to the confirmation and focuses it", async () => {
    const store = fakeWindow(`${ORIGIN}/shop-name`);
    const dashboard = fakeWindow(`${ORIGIN}/dashboard/settings/notifications`);
    const worker = loadWorker([store, dashboard]);
    await worker.push(reminder);
    await worker.tap();
    expect(dashboard.navigatedTo).toBe(`${ORIGIN}/dashboard/products`);
    expect(dashboard.focused).toBe(true);
    expect(store.focused).toBe(false);
    expect(worker.opened).toEqual([]);
  });

  it("opens a new window when the dashboard window refuses to navigate (a page the worker does not control)", async () => {
    const dashboard = fakeWindow(`${ORIGIN}/dashboard/products`, { controlled: false });
    const worker = loadWorker([dashboard]);
    await worker.push(reminder);
    await worker.tap();
    expect(worker.opened).toEqual([`${ORIGIN}/dashboard/products`]);
  });

  it("never sends the owner off the dashboard, whatever address a push names", async () => {
    for (const url of ["https://evil.example/phish", "//evil.example/dashboard/", "/shop-name", 42]) {
      const worker = loadWorker();
      await worker.push({ ...reminder, url });
      expect(worker.shown[0]!.options.data).toEqual({ url: "/dashboard/products" });
      await worker.tap();
      expect(worker.opened).toEqual([`${ORIGIN}/dashboard/products`]);
    }
  });
});
