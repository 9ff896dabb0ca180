import { describe, expect, it } from "vitest";
import { requestLogFields, withRequestId } from "./logger.server";

describe("log lines of one request", () => {
  it("carry its id through awaits and timers, and only its own", async () => {
    const seen: Record<string, unknown[]> = { a: [], b: [] };
    const handle = (id: "a" | "b", delay: number) =>
      withRequestId(id, async () => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        seen[id]!.push(requestLogFields());
        await Promise.resolve();
        seen[id]!.push(requestLogFields());
      });
    await Promise.all([handle("a", 20), handle("b", 5)]);
    expect(seen.a).toEqual([{ req: "a" }, { req: "a" }]);
    expect(seen.b).toEqual([{ req: "b" }, { req: "b" }]);
    expect(requestLogFields()).toEqual({});
  });
});
