import { describe, expect, it } from "vitest";
import { fill } from "./template";

describe("fill", () => {
  it("fills every placeholder, keeps unknown ones and the text around them", () => {
    expect(fill("{{a}} and {{b}}{{a}}!", { a: 1, b: "x" })).toBe("1 and x1!");
    expect(fill("no placeholders", { a: 1 })).toBe("no placeholders");
    expect(fill("{{missing}} stays", {})).toBe("{{missing}} stays");
    expect(fill("{{a}} {{a}}", { a: "<b>" })).toBe("<b> <b>"); // escaping is html's job
  });

  it("reads only the values' own names", () => {
    expect(fill("{{toString}} {{a}}", { a: "x" })).toBe("{{toString}} x");
  });
});
