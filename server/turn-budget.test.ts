import { describe, expect, it } from "vitest";
import { turnBudget, turnBudgetSetting } from "./turn-budget";

/** Keeps the event loop busy for `ms`, as rendering a page does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const nextTurns = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : setImmediate(() => step(left - 1)));
    step(n);
  });

describe("the turn budget", () => {
  it("starts requests at once while the turn has budget left", () => {
    const budget = turnBudget(10);
    const ran: number[] = [];
    for (const i of [1, 2, 3]) budget.run(() => ran.push(i));
    expect(ran).toEqual([1, 2, 3]);
    expect(budget.waiting()).toBe(0);
  });

  it("leaves the requests after a spent budget to later turns, in arrival order, with the loop's timers and I/O between them", async () => {
    const budget = turnBudget(10);
    const order: string[] = [];
    budget.run(() => {
      order.push("first");
      busy(15);
    });
    for (const name of ["second", "third"])
      budget.run(() => {
        order.push(name);
        // Registered now, due at once: it runs before the next request only if the loop turns.
        setTimeout(() => order.push(`timer after ${name}`), 0);
        busy(15);
      });
    expect(order).toEqual(["first"]);
    expect(budget.waiting()).toBe(2);
    await nextTurns(6);
    expect(order).toEqual(["first", "second", "timer after second", "third", "timer after third"]);
    expect(budget.waiting()).toBe(0);
  });

  it("starts every request at once with a budget of 0", () => {
    const budget = turnBudget(0);
    const order: string[] = [];
    for (const name of ["first", "second"])
      budget.run(() => {
        order.push(name);
        busy(15);
      });
    expect(order).toEqual(["first", "second"]);
  });

  it("keeps a request waiting behind those before it, even when a new turn has budget", async () => {
    const budget = turnBudget(10);
    const order: string[] = [];
    budget.run(() => busy(15));
    budget.run(() => order.push("queued"));
    // Another phase of the same turn (a timer): the queue is not empty, so this one waits too.
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        budget.run(() => order.push("later"));
        resolve();
      }, 0),
    );
    await nextTurns(3);
    expect(order).toEqual(["queued", "later"]);
  });

  it("reads TURN_BUDGET_MS: 3 ms unless set, 0 turns it off, anything else stops the start", () => {
    expect(turnBudgetSetting(undefined)).toBe(3);
    expect(turnBudgetSetting(" ")).toBe(3);
    expect(turnBudgetSetting("0")).toBe(0);
    expect(turnBudgetSetting("2.5")).toBe(2.5);
    expect(() => turnBudgetSetting("fast")).toThrow(/TURN_BUDGET_MS/);
    expect(() => turnBudgetSetting("-1")).toThrow(/TURN_BUDGET_MS/);
  });
});
