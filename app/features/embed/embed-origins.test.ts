import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/config";
import { getServerI18n } from "~/i18n/i18n.server";
import {
  EMBED_ORIGINS_MAX,
  frameAncestorsSources,
  normalizeEmbedOrigin,
  parseEmbedOrigins,
} from "./embed-origins";

describe("the origins that may frame the embedded list", () => {
  it("normalizes what an owner types to an origin", () => {
    expect(normalizeEmbedOrigin("https://Marketana.MK/")).toEqual({ origin: "https://marketana.mk" });
    expect(normalizeEmbedOrigin(" marketana.mk ")).toEqual({ origin: "https://marketana.mk" });
    expect(normalizeEmbedOrigin("https://www.marketana.mk/ceni?x=1#top")).toEqual({
      origin: "https://www.marketana.mk",
    });
    expect(normalizeEmbedOrigin("https://shop.marketana.mk:8443")).toEqual({
      origin: "https://shop.marketana.mk:8443",
    });
    expect(normalizeEmbedOrigin("https://маркет.мк")).toEqual({
      origin: new URL("https://маркет.мк").origin,
    });
    // A developer's own machine may be plain http.
    expect(normalizeEmbedOrigin("http://127.0.0.1:5400")).toEqual({ origin: "http://127.0.0.1:5400" });
  });

  it("refuses anything but an https origin", () => {
    for (const typed of ["http://marketana.mk"])
      expect(normalizeEmbedOrigin(typed)).toEqual({ problem: "embedOriginNotHttps" });
    for (const typed of ["ftp://marketana.mk", "javascript:alert(1)", "data:text/html"])
      expect(normalizeEmbedOrigin(typed)).toEqual({ problem: "embedOriginNotHttps" });
    for (const typed of [
      "*",
      "https://*.marketana.mk",
      "'self'",
      "'none'",
      "https://user:pw@marketana.mk",
      "marketana",
      "https://marketana.mk;script-src",
      "https://-bad-.mk",
      "https://a..mk",
      "https://1.2.3",
      "x".repeat(400),
    ])
      expect(normalizeEmbedOrigin(typed), typed).toEqual({ problem: "embedOriginInvalid" });
  });

  it("reads a list one a line, or by commas; deduplicated; at most the limit", () => {
    expect(parseEmbedOrigins("https://a.mk\n\nb.mk, https://a.mk/x\r\n")).toEqual({
      origins: ["https://a.mk", "https://b.mk"],
    });
    expect(parseEmbedOrigins("")).toEqual({ origins: [] });
    expect(parseEmbedOrigins("https://a.mk\nhttp://b.mk")).toEqual({
      problem: "embedOriginNotHttps",
      typed: "http://b.mk",
    });
    const many = Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.mk`).join("\n");
    expect(parseEmbedOrigins(many)).toEqual({ problem: "embedOriginsTooMany", typed: "" });
  });

  it("the security headers take only well-formed origins from a route's ask", () => {
    expect(frameAncestorsSources("https://a.mk https://b.mk:8443")).toBe("https://a.mk https://b.mk:8443");
    expect(frameAncestorsSources("'none'; script-src *")).toBeNull();
    expect(frameAncestorsSources("https://a.mk; script-src * https://b.mk")).toBe("https://b.mk");
    expect(frameAncestorsSources("")).toBeNull();
  });

  it("every refusal speaks mk, en and sq, naming what was typed", () => {
    for (const locale of LOCALES) {
      const t = getServerI18n(locale).t;
      for (const key of ["embedOriginInvalid", "embedOriginNotHttps", "embedOriginsTooMany"]) {
        const message = t(`errors:${key}`, { origin: "http://x.mk", max: EMBED_ORIGINS_MAX });
        expect(message, `${locale} ${key}`).not.toContain(key);
        expect(message).not.toContain("{{");
        if (key !== "embedOriginsTooMany") expect(message).toContain("http://x.mk");
        else expect(message).toContain(String(EMBED_ORIGINS_MAX));
      }
    }
  });
});
