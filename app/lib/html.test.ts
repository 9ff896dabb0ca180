import { describe, expect, it } from "vitest";
import { escapeHtml, html, trustedHtml } from "./html";

describe("html", () => {
  it("escapes every interpolated value, in text and in attributes", () => {
    const name = `<script>alert("x")</script> & 'friends'`;
    const out = html`<p title="${name}">${name}</p>`.value;
    expect(out).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;</p>',
    );
    expect(out).not.toContain("<script>");
  });

  it("escapes the same way on every call (no regex state carried over)", () => {
    expect([escapeHtml("a<b"), escapeHtml("c<d"), escapeHtml("plain"), escapeHtml("e>f")]).toEqual([
      "a&lt;b",
      "c&lt;d",
      "plain",
      "e&gt;f",
    ]);
  });

  it("keeps nested templates and trusted constants, and drops null, undefined and false", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(html`<p>${inner}${trustedHtml("<svg></svg>")}${null}${undefined}${false}${0}</p>`.value).toBe(
      "<p><b>&lt;i&gt;</b><svg></svg>0</p>",
    );
    expect(html`<ul>${["<a>", html`<li>x</li>`]}</ul>`.value).toBe("<ul>&lt;a&gt;<li>x</li></ul>");
  });
});
