import { describe, expect, it, vi } from "vitest";
import { workerCount } from "./workers";

describe("WEB_CONCURRENCY", () => {
  it("runs one process unless asked for more", () => {
    expect(workerCount({})).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: "3", DATABASE_URL: "postgres://db/vitrina" })).toBe(3);
  });

  it("refuses nonsense and caps the count", () => {
    for (const value of ["0", "-2", "two", "1.5", ""]) {
      expect(workerCount({ WEB_CONCURRENCY: value, DATABASE_URL: "postgres://db/vitrina" })).toBe(1);
    }
    expect(workerCount({ WEB_CONCURRENCY: "1000", DATABASE_URL: "postgres://db/vitrina" })).toBe(64);
  });

  it("stays with one process on the embedded database, and says why", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(workerCount({ WEB_CONCURRENCY: "4" })).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("needs PostgreSQL"));
    warn.mockRestore();
  });
});
