import { describe, expect, it } from "vitest";
import { fullCollection, idleCollector } from "./idle-collect";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A collector on a clock the test moves, looking every 2 ms. */
function watched(afterRequests: number) {
  let clock = 0;
  let collections = 0;
  const collector = idleCollector({
    quietMs: 1_000,
    afterRequests,
    everyMs: 2,
    now: () => clock,
    collect: () => collections++,
  });
  return {
    collector,
    advance: (ms: number) => {
      clock += ms;
    },
    collections: () => collections,
  };
}

describe("the idle collector", () => {
  it("collects once when a process that served a burst goes quiet, not again while it stays quiet", async () => {
    const { collector, advance, collections } = watched(3);
    for (let i = 0; i < 3; i++) collector.served();
    await tick(10);
    expect(collections()).toBe(0); // not quiet yet
    advance(1_000);
    await tick(10);
    expect(collections()).toBe(1);
    advance(60_000);
    await tick(10);
    expect(collections()).toBe(1);
    collector.stop();
  });

  it("leaves a busy process and a process that served little alone", async () => {
    const busy = watched(3);
    for (let i = 0; i < 10; i++) {
      busy.collector.served();
      busy.advance(500);
      await tick(5);
    }
    expect(busy.collections()).toBe(0);
    busy.collector.stop();

    const little = watched(3);
    little.collector.served();
    little.collector.served();
    little.advance(5_000);
    await tick(10);
    expect(little.collections()).toBe(0);
    little.collector.stop();
  });

  it("runs V8's full collection: an object no longer referenced is gone after it", async () => {
    const collect = fullCollection();
    let target: object | null = { big: new Array(1_000).fill("x") };
    const ref = new WeakRef(target);
    target = null;
    await tick(0); // a WeakRef keeps its target until the end of the current job
    collect();
    expect(ref.deref()).toBeUndefined();
  });
});
