import { describe, expect, it } from "vitest";
import { subdomainRedirect } from "./host-routing";

const at = (host: string, path: string, search = "") =>
  subdomainRedirect({ host, path, search, protocol: "http", rootDomain: "localhost" });

describe("spec §4 subdomain rules", () => {
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
});
