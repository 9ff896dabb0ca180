import { describe, expect, it } from "vitest";
import { action } from "./locale";

type Args = Parameters<typeof action>[0];
const choose = async (fields: Record<string, string>, host = "localhost") => {
  const body = new URLSearchParams(fields);
  const request = new Request(`http://${host}/api/locale`, { method: "POST", body });
  const response = (await action({ request, params: {}, context: {} } as unknown as Args)) as Response;
  return { status: response.status, location: response.headers.get("location") };
};

describe("the language switcher's redirect", () => {
  it("returns to the page it was on, on the same host", async () => {
    expect(await choose({ locale: "en", redirectTo: "/demo?q=leb" })).toEqual({
      status: 302,
      location: "/demo?q=leb",
    });
    expect(await choose({ locale: "sq", redirectTo: "/demo" }, "demo.localhost:3000")).toEqual({
      status: 302,
      location: "/demo",
    });
  });

  // redirectTo=/\evil.example answered "Location: /\evil.example".
  it("never sends the visitor to another site", async () => {
    for (const redirectTo of [
      "/\\evil.example",
      "//evil.example",
      "https://evil.example/",
      "/\\/evil.example",
    ]) {
      expect((await choose({ locale: "en", redirectTo })).location, redirectTo).toBe("/");
      expect((await choose({ locale: "xx", redirectTo })).location, redirectTo).toBe("/");
    }
  });
});
