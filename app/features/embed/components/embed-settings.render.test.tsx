import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/i18n/config";
import { getServerI18n } from "~/i18n/i18n.server";
import { EmbedSettings, embedSnippet } from "./embed-settings";

// Settings → Store, the list on the shop's own website (decision 0136): the snippet is the frame and,
// under it, a plain link for site builders that strip frames; a button copies it.

describe("the embed snippet", () => {
  it("is the frame, then a paragraph with a plain link to the store's page", () => {
    const snippet = embedSnippet({
      embedUrl: "https://ceni.marketana.mk/embed",
      storeUrl: "https://ceni.marketana.mk",
      title: "Маркет Ана — ценовник",
      linkText: "Ценовник на Маркет Ана",
    });
    const [frame, link, ...rest] = snippet.split("\n");
    expect(frame).toBe(
      '<iframe src="https://ceni.marketana.mk/embed" title="Маркет Ана — ценовник" loading="lazy" style="width:100%;height:900px;border:0"></iframe>',
    );
    expect(link).toBe('<p><a href="https://ceni.marketana.mk">Ценовник на Маркет Ана</a></p>');
    expect(rest).toEqual([]);
  });

  it("escapes a store name in the link's text and the addresses in its attribute", () => {
    const snippet = embedSnippet({
      embedUrl: "https://vitrina.mk/a/embed",
      storeUrl: 'https://vitrina.mk/a?"x"&y',
      title: "A",
      linkText: "<b>Ана & Син</b>",
    });
    expect(snippet.split("\n")[1]).toBe(
      '<p><a href="https://vitrina.mk/a?&quot;x&quot;&amp;y">&lt;b&gt;Ана &amp; Син&lt;/b&gt;</a></p>',
    );
  });
});

type Props = { storeName: string };

function Page() {
  const { storeName } = useLoaderData() as Props;
  return (
    <EmbedSettings
      origins={["https://marketana.mk"]}
      embedUrl="https://vitrina.mk/market-ana/embed"
      storeUrl="https://vitrina.mk/market-ana"
      previewUrl="/market-ana/embed?preview=1"
      storeName={storeName}
    />
  );
}

function render(locale: Locale): string {
  const Stub = createRoutesStub([{ id: "page", path: "/", Component: Page }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={getServerI18n(locale)}>
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { page: { storeName: "Маркет Ана" } } }} />
    </I18nextProvider>,
  );
}

const fromHtml = (html: string) =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("the embed section of Settings → Store", () => {
  for (const locale of LOCALES) {
    const t = getServerI18n(locale).t;

    it(`${locale}: shows the snippet with its plain link, and a button beside it that copies it`, () => {
      const html = render(locale);
      const field = html.match(/<textarea[^>]*id="embed-snippet"[^>]*>([\s\S]*?)<\/textarea>/);
      expect(field).not.toBeNull();
      const snippet = fromHtml(field![1]!);
      expect(snippet).toContain('<iframe src="https://vitrina.mk/market-ana/embed"');
      expect(snippet).toContain(
        `<p><a href="https://vitrina.mk/market-ana">${t("storeSettings:embed.snippetLink", { name: "Маркет Ана" })}</a></p>`,
      );
      const button = html.match(/<button[^>]*aria-controls="embed-snippet"[^>]*>([^<]*)<\/button>/);
      expect(button?.[1]).toBe(t("storeSettings:embed.snippetCopy"));
      expect(button?.[0]).toContain('type="button"');
      expect(t("storeSettings:embed.snippetCopy")).not.toBe("embed.snippetCopy");
    });
  }
});
