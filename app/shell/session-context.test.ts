import { describe, expect, it } from "vitest";
import { onStoreSubdomain } from "./session-context";

describe("the session call after a shared page mounts", () => {
  it("is not made on a store's own subdomain, where it would be redirected cross-origin", () => {
    expect(onStoreSubdomain("demo.localhost", "/demo")).toBe(true);
    expect(onStoreSubdomain("demo.vitrina.mk", "/demo")).toBe(true);
    expect(onStoreSubdomain("Demo.Vitrina.mk", "/demo")).toBe(true);
  });

  it("is made on the root domain, for the landing page and store pages by path", () => {
    expect(onStoreSubdomain("localhost", "/demo")).toBe(false);
    expect(onStoreSubdomain("vitrina.mk", "/")).toBe(false);
    expect(onStoreSubdomain("vitrina.mk", "/demo")).toBe(false);
    // A store named like the start of another host name is not this host's store.
    expect(onStoreSubdomain("demo-market.vitrina.mk", "/demo")).toBe(false);
  });
});
