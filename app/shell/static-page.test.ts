import { describe, expect, it } from "vitest";
import { isStaticPage, STATIC_PAGE, staticPageScript } from "./static-page";

// Decision 0097: the landing page's inline script, and the handle that leaves out the app's scripts.

describe("isStaticPage", () => {
  it("is true when a matched route's handle is STATIC_PAGE, and only then", () => {
    expect(isStaticPage([{ handle: undefined }, { handle: STATIC_PAGE }])).toBe(true);
    expect(isStaticPage([{ handle: undefined }, { handle: { breadcrumb: "x" } }, {}])).toBe(false);
    expect(isStaticPage([])).toBe(false);
  });
});

describe("staticPageScript", () => {
  it("is one statement the browser can parse, with the navigation rules of its path", () => {
    const text = staticPageScript("/");
    expect(() => new Function(text)).not.toThrow();
    // On "/": a signed-in owner who has not finished onboarding goes there; others stay.
    expect(text).toContain('"redirect":{"onboarded":null,"notOnboarded":"/onboarding"}');
    expect(text).toContain('"sessionPath":"/api/_auth/session"');
  });
});
