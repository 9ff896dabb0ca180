import { describe, expect, it } from "vitest";
import { isNewBuild, parseBuildId } from "./build-id";

describe("build id", () => {
  it("reads the id of a builds/latest.json answer and nothing else", () => {
    expect(parseBuildId({ id: "ab41c130" })).toBe("ab41c130");
    expect(parseBuildId({ id: 3 })).toBeNull();
    expect(parseBuildId({ id: "<script>" })).toBeNull();
    expect(parseBuildId(null)).toBeNull();
    expect(parseBuildId("ab41c130")).toBeNull();
  });

  it("a new build only when the server names another id than the page's", () => {
    expect(isNewBuild("ab41c130", "ab41c130")).toBe(false);
    expect(isNewBuild("ab41c130", "cd52d241")).toBe(true);
    expect(isNewBuild("ab41c130", null)).toBe(false);
    expect(isNewBuild(undefined, "cd52d241")).toBe(false);
  });
});
