import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PostText } from "./components/post-text";
import { postTextPieces } from "./post-text";

const html = (text: string) => renderToStaticMarkup(createElement(PostText, { text }));

describe("a post's text", () => {
  it("keeps line breaks and escapes everything", () => {
    expect(html('Нова стока!\n<script>alert(1)</script> & "цени"')).toBe(
      "<p>Нова стока!<br/>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;цени&quot;</p>",
    );
    expect(html('<img src=x onerror="alert(1)">')).not.toContain("<img");
  });

  it("links only http and https addresses, nofollow, without the sentence's punctuation", () => {
    expect(html("Види https://vitrina.mk/akcija.")).toBe(
      '<p>Види <a href="https://vitrina.mk/akcija" rel="nofollow noopener ugc" target="_blank" class="break-all text-brand-800 underline">https://vitrina.mk/akcija</a>.</p>',
    );
    for (const text of [
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "ftp://x.mk/a",
      "vbscript:msgbox(1)",
    ]) {
      expect(
        postTextPieces(text).some((piece) => piece.kind === "link"),
        text,
      ).toBe(false);
      expect(html(text)).not.toContain("<a");
    }
  });

  it("never lets an address break out of its attribute", () => {
    const out = html('https://x.mk/"onmouseover="alert(1) and http://x.mk/<b>');
    expect(out).not.toContain('"onmouseover');
    expect(out).not.toContain("<b>");
    expect(out.match(/<a /g)).toHaveLength(2);
  });
});
