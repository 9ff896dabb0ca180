import { describe, expect, it } from "vitest";
import { backToList } from "./back-to-list";

const here = "https://vitrina.mk/dashboard/products/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed";

describe("the list a product save returns to", () => {
  it("keeps the filtered list's query", () => {
    expect(backToList("https://vitrina.mk/dashboard/products?attention=1&page=3", here)).toBe(
      "/dashboard/products?attention=1&page=3",
    );
    expect(backToList("/dashboard/products?q=%D0%BC%D0%BB%D0%B5%D0%BA%D0%BE", here)).toBe(
      "/dashboard/products?q=%D0%BC%D0%BB%D0%B5%D0%BA%D0%BE",
    );
    expect(backToList("/dashboard/products/attention?page=2", here)).toBe(
      "/dashboard/products/attention?page=2",
    );
  });

  it("never leaves the site's products list (no open redirect)", () => {
    for (const bad of [
      "https://evil.example/dashboard/products?attention=1",
      "//evil.example/dashboard/products",
      "/\\evil.example/dashboard/products",
      "javascript:alert(1)",
      "/dashboard/settings",
      "/dashboard/products/../../auth/logout",
      "/dashboard/productsX",
      "http://[bad",
      "",
      null,
    ]) {
      expect(backToList(bad, here)).toBe("/dashboard/products");
    }
  });
});
