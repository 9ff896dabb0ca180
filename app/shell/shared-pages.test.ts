import { describe, expect, it } from "vitest";
import { isSharedPage } from "./shared-pages";

describe("pages whose HTML every visitor shares", () => {
  it("the landing page and the public store page", () => {
    expect(isSharedPage("")).toBe(true);
    expect(isSharedPage("/")).toBe(true);
    expect(isSharedPage("/:username")).toBe(true);
  });

  it("not the dashboard, the auth pages or a store's files", () => {
    for (const pattern of ["/dashboard/products", "/auth/login", "/onboarding", "/:username/prices", "*"]) {
      expect(isSharedPage(pattern), pattern).toBe(false);
    }
  });
});
