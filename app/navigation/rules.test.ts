import { describe, expect, it } from "vitest";
import { navigationRedirect } from "./rules";

const onboarded = { onboarded: true };
const newcomer = { onboarded: false };

describe("navigation rules", () => {
  it("sends a signed-in person away from login and register", () => {
    expect(navigationRedirect("/auth/login", onboarded)).toBe("/dashboard/products");
    expect(navigationRedirect("/auth/register", newcomer)).toBe("/dashboard/products");
  });

  it("keeps a signed-in person who has not finished onboarding on /onboarding", () => {
    expect(navigationRedirect("/dashboard/products", newcomer)).toBe("/onboarding");
    expect(navigationRedirect("/", newcomer)).toBe("/onboarding");
    expect(navigationRedirect("/demo", newcomer)).toBe("/onboarding");
    expect(navigationRedirect("/onboarding", newcomer)).toBeNull();
    expect(navigationRedirect("/auth/logout", newcomer)).toBeNull();
  });

  it("lets an owner in onboarding use the import and the image library that onboarding links to", () => {
    for (const path of [
      "/dashboard/products/import",
      "/dashboard/products/import/",
      "/dashboard/products/import/0b7d1c9e-2f35-4a51-9a3c-6c1f2f1d0a11",
      "/dashboard/products/import/0b7d1c9e-2f35-4a51-9a3c-6c1f2f1d0a11/skipped.csv",
      "/dashboard/image-gallery",
    ]) {
      expect(navigationRedirect(path, newcomer)).toBeNull();
    }
    // Every other dashboard page still waits for the end of onboarding.
    for (const path of ["/dashboard/products/new", "/dashboard/products/importer", "/dashboard/settings"]) {
      expect(navigationRedirect(path, newcomer)).toBe("/onboarding");
    }
    // A signed-out visitor is still sent to the login.
    expect(navigationRedirect("/dashboard/products/import", null)).toBe("/auth/login");
  });

  it("sends an onboarded owner from /onboarding and /dashboard to the products", () => {
    expect(navigationRedirect("/onboarding", onboarded)).toBe("/dashboard/products");
    expect(navigationRedirect("/dashboard", onboarded)).toBe("/dashboard/products");
    expect(navigationRedirect("/dashboard/", onboarded)).toBe("/dashboard/products");
    expect(navigationRedirect("/dashboard/products", onboarded)).toBeNull();
    expect(navigationRedirect("/demo", onboarded)).toBeNull();
  });

  it("lets a signed-out visitor reach the allowed pages and store pages", () => {
    for (const path of ["/", "/auth/verify-otp", "/auth/logout", "/auth/login", "/auth/register", "/demo"]) {
      expect(navigationRedirect(path, null)).toBeNull();
    }
  });

  it("sends a signed-out visitor from every other page to the login", () => {
    for (const path of [
      "/dashboard",
      "/dashboard/products",
      "/onboarding",
      "/dashboard/a/b",
      "/auth/other",
    ]) {
      expect(navigationRedirect(path, null)).toBe("/auth/login");
    }
  });

  it("leaves the admin area to its own 404 for anyone but an admin", () => {
    for (const path of ["/admin", "/admin/stores", "/admin/users?q=a"]) {
      expect(navigationRedirect(path.split("?")[0] ?? path, null)).toBeNull();
      expect(navigationRedirect(path.split("?")[0] ?? path, onboarded)).toBeNull();
    }
    // Someone who has not finished onboarding is sent there from every page alike.
    expect(navigationRedirect("/admin", newcomer)).toBe("/onboarding");
  });

  it("lets an admin without a store use the admin area and sends them there", () => {
    const admin = { onboarded: false, role: "admin" };
    expect(navigationRedirect("/admin", admin)).toBeNull();
    expect(navigationRedirect("/admin/stores", admin)).toBeNull();
    expect(navigationRedirect("/auth/login", admin)).toBe("/admin");
    expect(navigationRedirect("/dashboard/products", admin)).toBe("/admin");
    expect(navigationRedirect("/onboarding", admin)).toBeNull();
    expect(navigationRedirect("/demo", admin)).toBeNull();
    expect(navigationRedirect("/admin", { onboarded: true, role: "admin" })).toBeNull();
  });

  it("never touches a store's public files, recovery pages, the API and assets", () => {
    for (const path of [
      "/demo/prices",
      "/demo/prices.csv",
      "/demo/prices/2026-11-20.json",
      "/demo/price-list.pdf",
      "/demo/posts",
      "/auth/forgot-password",
      "/auth/reset-password",
      "/auth/login-simple-password",
      "/api/_auth/session",
      "/assets/entry.js",
      "/robots.txt",
      "/sitemap.xml",
    ]) {
      expect(navigationRedirect(path, null)).toBeNull();
      expect(navigationRedirect(path, newcomer)).toBeNull();
    }
    expect(navigationRedirect("/dashboard/prices", null)).toBe("/auth/login");
  });

  it("opens a point of sale's list and files to everyone", () => {
    for (const path of [
      "/market/tetovo",
      "/market/tetovo/prices.csv",
      "/market/tetovo/prices.json",
      "/market/tetovo/prices.xlsx",
      "/market/tetovo/prices/2026-11-20.csv",
      "/market/tetovo/price-list.pdf",
    ]) {
      expect([path, navigationRedirect(path, null)]).toEqual([path, null]);
      expect([path, navigationRedirect(path, newcomer)]).toEqual([path, null]);
    }
    expect(navigationRedirect("/dashboard/tetovo", null)).toBe("/auth/login");
  });

  it("leaves every other path under a store to the router's 404, not the login page", () => {
    for (const path of [
      "/a/b",
      "/market/Tetovo",
      "/market/tetovo/other",
      "/market/tetovo/prices.csv/x",
      "/demo/%2Fprices",
      "/demo/a%2Fb",
      "/demo/x/y/z",
      "/demo/..%2Fadmin",
    ]) {
      expect([path, navigationRedirect(path, null)]).toEqual([path, null]);
    }
    // Someone who has not finished onboarding is still sent there, as from the store page itself.
    expect(navigationRedirect("/demo/x/y/z", newcomer)).toBe("/onboarding");
  });
});
