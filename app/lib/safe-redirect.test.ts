import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./safe-redirect";

const here = "http://demo.localhost:3000/api/locale";

describe("redirect targets from the request", () => {
  it("keeps a path on this site, with its query and hash", () => {
    expect(sameOriginPath("/demo?q=leb&page=2#x", here)).toBe("/demo?q=leb&page=2#x");
    expect(sameOriginPath("/", here)).toBe("/");
    expect(sameOriginPath("http://demo.localhost:3000/demo", here)).toBe("/demo");
  });

  // "/\evil.example" passed the old "starts with / and not //" check.
  it("never leaves this origin", () => {
    for (const target of [
      "/\\evil.example",
      "\\\\evil.example",
      "//evil.example",
      "/\\/evil.example",
      "/\t/evil.example",
      "https://evil.example/demo",
      "http://localhost:3000/demo",
      "http://demo.localhost:3001/demo",
      "javascript:alert(1)",
      "data:text/html,x",
      "//demo.localhost:3000@evil.example",
    ]) {
      expect(sameOriginPath(target, here, "/fallback"), target).toBe("/fallback");
    }
    expect(sameOriginPath(null, here)).toBe("/");
    expect(sameOriginPath("", here)).toBe("/");
  });

  it("a relative target resolves against the site's root", () => {
    expect(sameOriginPath("demo", here)).toBe("/demo");
  });
});
