import { describe, expect, it } from "vitest";
import { subdomainRedirect } from "./host-routing";
import { isReadableHost } from "./malformed-request";

const at = (host: string, path: string, search = "") =>
  subdomainRedirect({ host, path, search, protocol: "http", rootDomain: "localhost" });

describe("subdomain rules", () => {
  it("leaves the root domain and foreign hosts alone", () => {
    expect(at("localhost:3000", "/")).toBeNull();
    expect(at("localhost:3000", "/dashboard/products")).toBeNull();
    expect(at("example.com", "/demo")).toBeNull();
  });

  it("sends a subdomain's root to its store page", () => {
    expect(at("demo.localhost:3000", "/")).toBe("/demo");
    expect(at("demo.localhost:3000", "/", "?q=leb")).toBe("/demo?q=leb");
  });

  it("serves the store's own path on its subdomain, also its client data requests", () => {
    expect(at("demo.localhost:3000", "/demo")).toBeNull();
    expect(at("demo.localhost:3000", "/demo/prices.csv")).toBeNull();
    expect(at("demo.localhost:3000", "/demo.data")).toBeNull();
    expect(at("demo.localhost:3000", "/assets/entry.js")).toBeNull();
    // The store page's language switcher posts here and must stay on the store's host.
    expect(at("demo.localhost:3000", "/api/locale")).toBeNull();
  });

  it("sends another store's path to that store's host, keeping the path", () => {
    expect(at("demo.localhost:3000", "/pela/prices", "?x=1")).toBe(
      "http://pela.localhost:3000/pela/prices?x=1",
    );
  });

  it("sends application paths on a subdomain to the root domain", () => {
    expect(at("demo.localhost:3000", "/dashboard/products")).toBe("http://localhost:3000/dashboard/products");
    expect(at("demo.localhost:3000", "/auth/login")).toBe("http://localhost:3000/auth/login");
    expect(at("demo.localhost:3000", "/api/_auth/session")).toBe("http://localhost:3000/api/_auth/session");
    expect(at("www.localhost", "/demo")).toBe("http://localhost/demo");
  });

  // "GET /evil.example%2F" on demo.localhost answered 301 http://evil.example/….
  it("never sends a visitor to a host taken from the path or a malformed Host header", () => {
    const attacks = [
      "/evil.example%2F",
      "/evil.example%2f",
      "/evil.example%2F%2F",
      "/%2F%2Fevil.example",
      "/evil.example%5C",
      "/evil.example\\",
      "/a@evil.example",
      "/a%40evil.example",
      "/evil.example%3A80",
      "/%E2%80%AEevil.example",
      "/evil。example",
      "/%EF%BD%85vil.example",
      "/ex%00ample",
      `/${"a".repeat(300)}`,
    ];
    for (const path of attacks) {
      const location = at("demo.localhost:3000", path);
      expect(
        location === null || location.startsWith("http://localhost:3000/"),
        `${path} → ${location}`,
      ).toBe(true);
    }
    expect(at("demo.localhost:3000", "/evil.example%2F")).toBeNull();
    expect(at("demo.localhost:3000", "/a@evil.example/x")).toBeNull();
    // Hosts the server does not recognise are left alone, never echoed into a Location.
    expect(at("demo\\evil.localhost", "/")).toBeNull();
    expect(at("/evil.localhost", "/")).toBeNull();
    expect(at("demo.localhost:3000@evil.example", "/")).toBeNull();
    expect(at("demo.localhost:x", "/")).toBeNull();
    // A path that begins with slashes never turns into "//host" on the root domain.
    expect(at("www.localhost", "//evil.example/x")).toBe("http://localhost/evil.example/x");
    expect(at("demo.localhost", "/\\evil.example")).toBeNull();
  });

  it("still sends a well-formed username, in any case or percent-encoded, to its store's host", () => {
    expect(at("demo.localhost", "/Pela")).toBe("http://pela.localhost/Pela");
    expect(at("demo.localhost", "/%70ela/prices")).toBe("http://pela.localhost/%70ela/prices");
  });
});

describe("the Host header", () => {
  // "Host: [bad" answered 500.
  it("is readable only as host[:port]", () => {
    for (const host of ["localhost:3000", "demo.localhost", "127.0.0.1:80", "[::1]:3000", "vitrina.mk"]) {
      expect(isReadableHost(host), host).toBe(true);
    }
    for (const host of ["[bad", "a b", "demo.localhost:99999999", "a/b", "a\\b", "[::1", "x:y"]) {
      expect(isReadableHost(host), host).toBe(false);
    }
  });
});
