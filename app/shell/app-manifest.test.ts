import { afterEach, describe, expect, it, vi } from "vitest";
import { navigationRedirect } from "~/navigation/rules";
import {
  appManifestState,
  buildManifest,
  MANIFEST_DELAY_MS,
  resetAppManifest,
  routeRuleFor,
  scheduleAppManifest,
} from "./app-manifest";
import { isSharedPage } from "./shared-pages";

afterEach(() => resetAppManifest());

/** A fetch that records what it was asked and answers with `status` and `body`. */
function fakeFetch(status: number, body: unknown) {
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof globalThis.fetch;
  return { asked, fetch };
}

/** Runs timers by hand: records each delay and runs the callbacks when told. */
function manualTimers() {
  const pending: { run: () => void; ms: number }[] = [];
  return {
    pending,
    setTimeout: (run: () => void, ms: number) => pending.push({ run, ms }),
    runAll: async () => {
      for (const timer of pending.splice(0)) timer.run();
      await vi.waitFor(() => expect(appManifestState().status).not.toBe("asked"));
    },
  };
}

describe("the delayed manifest fetch (1,000 ms, unless very slow)", () => {
  it("asks for this page's build's manifest once, 1,000 ms after start, never at once", async () => {
    const server = fakeFetch(200, buildManifest("ab41c130", 1));
    const timers = manualTimers();
    scheduleAppManifest({ buildId: "ab41c130", fetch: server.fetch, setTimeout: timers.setTimeout });
    scheduleAppManifest({ buildId: "ab41c130", fetch: server.fetch, setTimeout: timers.setTimeout });
    expect(server.asked).toEqual([]);
    expect(timers.pending.map((timer) => timer.ms)).toEqual([MANIFEST_DELAY_MS]);
    expect(MANIFEST_DELAY_MS).toBe(1_000);
    await timers.runAll();
    expect(server.asked).toEqual(["/builds/meta/ab41c130.json"]);
    const state = appManifestState();
    expect(state.status === "ready" && routeRuleFor(state.manifest, "/dashboard/products")).toEqual({
      access: "owner",
      buildCheck: true,
    });
  });

  it("does not ask on a very slow connection (slow-2g, or data saving)", () => {
    for (const connection of [{ effectiveType: "slow-2g" }, { effectiveType: "4g", saveData: true }]) {
      const server = fakeFetch(200, {});
      const timers = manualTimers();
      scheduleAppManifest({
        buildId: "ab41c130",
        fetch: server.fetch,
        setTimeout: timers.setTimeout,
        navigator: { connection },
      });
      expect(timers.pending).toEqual([]);
    }
  });

  it("a 404 means the server no longer has this page's build", async () => {
    const server = fakeFetch(404, { error: "unknown build" });
    const timers = manualTimers();
    scheduleAppManifest({ buildId: "0ld0b01d", fetch: server.fetch, setTimeout: timers.setTimeout });
    await timers.runAll();
    expect(appManifestState()).toEqual({ status: "gone" });
  });

  it("an error page or a manifest of another build is a failure, not a new build", async () => {
    const timers = manualTimers();
    scheduleAppManifest({
      buildId: "ab41c130",
      fetch: fakeFetch(200, buildManifest("ffff0000", 1)).fetch,
      setTimeout: timers.setTimeout,
    });
    await timers.runAll();
    expect(appManifestState()).toEqual({ status: "failed" });
  });
});

describe("the route rules agree with the rules the server applies", () => {
  const rules = buildManifest("x", 0);
  it("shared pages are the ones shared-pages.ts names", () => {
    for (const [path, pattern] of [
      ["/", ""],
      ["/demo", ":username"],
    ] as const) {
      expect(routeRuleFor(rules, path)?.shared, path).toBe(isSharedPage(pattern));
    }
    for (const path of ["/demo/posts", "/auth/login", "/dashboard/products"])
      expect(routeRuleFor(rules, path)?.shared ?? false, path).toBe(false);
  });

  it("owner pages are the ones the navigation rules send a signed-out visitor away from", () => {
    for (const path of ["/dashboard/products", "/dashboard/image-gallery", "/onboarding"]) {
      expect(routeRuleFor(rules, path)?.access, path).toBe("owner");
      expect(navigationRedirect(path, null), path).toBe("/auth/login");
    }
    for (const path of ["/", "/demo", "/auth/login", "/demo/prices.json"]) {
      expect(routeRuleFor(rules, path)?.access, path).toBe("anyone");
      expect(navigationRedirect(path, null), path).toBeNull();
    }
    expect(routeRuleFor(rules, "/admin/stores")?.access).toBe("admin");
  });
});
