import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("per-client rate limit", () => {
  it("allows the limit in a window, refuses the next, and allows again once the window has moved", () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 1_000 });
    expect([0, 10, 20, 30].map((t) => limiter.allow("a", t))).toEqual([true, true, true, false]);
    // Another client is counted apart.
    expect(limiter.allow("b", 30)).toBe(true);
    expect(limiter.allow("a", 1_005)).toBe(true);
    expect(limiter.allow("a", 1_006)).toBe(false);
  });

  it("keeps at most maxKeys clients in memory, dropping the oldest", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 2 });
    expect(limiter.allow("a", 0)).toBe(true);
    expect(limiter.allow("b", 1)).toBe(true);
    expect(limiter.allow("c", 2)).toBe(true);
    // "a" was forgotten to make room: it may call again; "c" is still counted.
    expect(limiter.allow("a", 3)).toBe(true);
    expect(limiter.allow("c", 4)).toBe(false);
  });
});
