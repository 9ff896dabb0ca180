import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { requestLogFields, withRequestId } from "./logger.server";

/** A request as server/app.ts hands it over: its handling, and a "close" when it is over. */
function request(id: string, work: () => Promise<void>) {
  const response = new EventEmitter();
  const handled = withRequestId(id, work, (done) => response.once("close", done));
  return { handled, close: () => response.emit("close") };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("log lines of one request", () => {
  it("carry its id through awaits and timers, and only its own", async () => {
    const seen: Record<string, unknown[]> = { a: [], b: [] };
    const handle = (id: "a" | "b", delay: number) => {
      const served = request(id, async () => {
        await tick(delay);
        seen[id]!.push(requestLogFields());
        await Promise.resolve();
        seen[id]!.push(requestLogFields());
      });
      return served.handled.then(served.close);
    };
    await Promise.all([handle("a", 20), handle("b", 5)]);
    expect(seen.a).toEqual([{ req: "a" }, { req: "a" }]);
    expect(seen.b).toEqual([{ req: "b" }, { req: "b" }]);
    expect(requestLogFields()).toEqual({});
  });

  it("keep their id while other requests end around them (the store is off only when none is served)", async () => {
    const seen: unknown[] = [];
    const long = request("long", async () => {
      await tick(5);
      seen.push(requestLogFields());
      await tick(15);
      seen.push(requestLogFields());
    });
    // Two short requests begin and end while the long one is still being served.
    for (const id of ["short-1", "short-2"]) {
      const short = request(id, async () => {
        await tick(1);
      });
      await short.handled;
      short.close();
      short.close(); // "close" counted once, however often it comes
    }
    await long.handled;
    expect(seen).toEqual([{ req: "long" }, { req: "long" }]);
    long.close();
    // None is served now: a line logged from a timer of an ended request carries no id.
    await tick(1);
    expect(requestLogFields()).toEqual({});
    // A request after that has its id again.
    const next = request("next", async () => {
      await tick(1);
      seen.push(requestLogFields());
    });
    await next.handled;
    next.close();
    expect(seen.at(-1)).toEqual({ req: "next" });
  });
});
