import { describe, expect, it } from "vitest";
import { flashHeaders, readFlash } from "./flash.server";

// A flash carries its kind, so "Price update record failed" is never a green success.

function nextRequest(headers: Headers): Request {
  const pair = /flash=[^;]+/.exec(headers.get("set-cookie") ?? "")?.[0] ?? "";
  return new Request("http://localhost/dashboard", { headers: { cookie: pair } });
}

describe("flash", () => {
  it("carries a success, an error and an info with their kind", () => {
    expect(readFlash(nextRequest(flashHeaders("products:saved"))).flash).toEqual({
      kind: "success",
      message: "products:saved",
    });
    expect(readFlash(nextRequest(flashHeaders("compliance:flash.skipped", "info"))).flash).toEqual({
      kind: "info",
      message: "compliance:flash.skipped",
    });
    expect(readFlash(nextRequest(flashHeaders("products:saved", "error"))).flash?.kind).toBe("error");
  });

  it("treats an error message key as an error even when the caller names no kind", () => {
    expect(readFlash(nextRequest(flashHeaders("errors:priceUpdateRecordFailed"))).flash).toEqual({
      kind: "error",
      message: "errors:priceUpdateRecordFailed",
    });
  });

  it("clears the cookie once read and refuses a forged value", () => {
    const { headers } = readFlash(nextRequest(flashHeaders("products:saved")));
    expect(headers.get("set-cookie")).toContain("Max-Age=0");
    const forged = (value: string) =>
      readFlash(new Request("http://x/", { headers: { cookie: `flash=${encodeURIComponent(value)}` } }))
        .flash;
    expect(forged("success~<script>alert(1)</script>")).toBeNull();
    expect(forged("danger~products:saved")).toBeNull();
    expect(readFlash(new Request("http://x/", { headers: { cookie: "flash=%E0%A4%A" } })).flash).toBeNull();
  });
});
