import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Routes are thin adapters (STYLE.md "Routes are thin adapters"): past 200 lines a route module
// usually holds a service or a component that belongs in a feature.
const ROUTES = path.join(import.meta.dirname);
const LIMIT = 200;

describe("route modules", () => {
  it(`are at most ${LIMIT} lines each`, () => {
    const files = readdirSync(ROUTES, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(files.length).toBeGreaterThan(50);
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(ROUTES, file), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > LIMIT);
    expect(long).toEqual([]);
  });
});
