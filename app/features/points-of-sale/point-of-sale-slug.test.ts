import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RESERVED_POINT_OF_SALE_SLUGS, slugProblem, suggestSlug } from "./point-of-sale-slug";

// /{username}/{slug} sits beside the store's own sub-pages; a slug never names one.

describe("point-of-sale slugs", () => {
  it("no slug can name a sub-page of the store in the route table", () => {
    const routes = readFileSync(path.join(import.meta.dirname, "../../routes.ts"), "utf8");
    const segments = [...routes.matchAll(/":username\/([^/"]+)/g)].map((match) => match[1]!);
    expect(segments).toEqual(expect.arrayContaining(["prices", "posts", "prices.csv", "price-list.pdf"]));
    for (const segment of segments) {
      if (segment.startsWith(":")) continue;
      expect(slugProblem(segment), segment).not.toBeNull();
    }
  });

  it("refuses junk, encoded slashes, dots, upper case and huge slugs", () => {
    for (const junk of [
      "a/b",
      "a%2Fb",
      "%2F",
      "..",
      ".",
      "a.b",
      "A",
      "a_b",
      "-a",
      "a-",
      "a--b",
      "x".repeat(41),
      " ",
    ]) {
      expect(slugProblem(junk), junk).not.toBeNull();
    }
    expect(slugProblem("tetovo-2")).toBeNull();
    expect(slugProblem("prices")).toBe("reserved");
  });

  it("suggests a free-form name's slug, never a reserved one", () => {
    expect(suggestSlug("Маркет Центар")).toBe("market-centar");
    expect(suggestSlug("Posts")).toBe("posts-1");
    expect(suggestSlug("!!!")).toBe("pos");
    expect(suggestSlug("Ш".repeat(500)).length).toBeLessThanOrEqual(40);
    for (const slug of RESERVED_POINT_OF_SALE_SLUGS) expect(slugProblem(suggestSlug(slug))).toBeNull();
  });
});
