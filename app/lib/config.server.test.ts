import { describe, expect, it } from "vitest";
import { parseAddresses } from "./config.server";

// PLATFORM_IPV4 / PLATFORM_IPV6: what owners copy to their registrar, so a wrong value stops the start.
describe("the platform's addresses", () => {
  it("reads a comma-separated list of one family, without repeats", () => {
    expect(parseAddresses("PLATFORM_IPV4", undefined, 4)).toEqual([]);
    expect(parseAddresses("PLATFORM_IPV4", " 203.0.113.10, 203.0.113.11 ,203.0.113.10,", 4)).toEqual([
      "203.0.113.10",
      "203.0.113.11",
    ]);
    expect(parseAddresses("PLATFORM_IPV6", "2001:DB8::10", 6)).toEqual(["2001:db8::10"]);
  });

  it("refuses a name, the other family or a malformed address", () => {
    for (const [value, family] of [
      ["vitrina.mk", 4],
      ["2001:db8::10", 4],
      ["203.0.113.10", 6],
      ["203.0.113.300", 4],
      ["203.0.113.10/24", 4],
    ] as const) {
      expect(() => parseAddresses("PLATFORM_IPV", value, family), value).toThrow(/is not an IPv/);
    }
  });
});
