import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  createStaticRouter,
  type MetaDescriptor,
  type StaticHandlerContext,
  StaticRouterProvider,
} from "react-router";
import appCss from "~/app.css?url";
import type { Locale } from "~/i18n/config";
import { getServerI18n } from "~/i18n/i18n.server";
import { messageScope } from "~/i18n/namespaces";
import { NonceProvider } from "~/lib/nonce";
import { SessionProvider } from "./session-context";
import { StaticImpersonationBar } from "./static-impersonation-bar";
import { staticPageScript } from "./static-page";

// Decision 0144: a public page as a published document. The same head and body root.tsx gives a
// page whose handle is STATIC_PAGE (decision 0097), rendered by renderToString from the page's own
// component tree, without React Router's document pipeline (route matching, the root loader and
// middleware, the hydration data) that cost most of the page's render. The page's links and forms
// (<Link>, <Form>) still need a router around them: a static one, built for this one location.

/** What a public page's document is rendered for: the request's address, store, language and nonce. */
export type PublicDocumentRequest = {
  url: URL;
  username: string;
  locale: Locale;
  nonce: string;
  /** False on a store's own domain (decision 0133). */
  script: boolean;
};

export type PublicDocument = {
  locale: Locale;
  /** The route's pattern ("/:username"), for the catalogue scope root.tsx names (decision 0008). */
  pattern: string;
  /** The address the page answers, path and query. */
  url: URL;
  params: Record<string, string>;
  /** This response's CSP nonce (its inline scripts carry it). */
  nonce: string;
  /** False on a store's own domain (decision 0133): no script at all. */
  script: boolean;
  meta: MetaDescriptor[];
  body: ReactNode;
};

/** The whole HTML document, `<!DOCTYPE html>` first. */
export function renderPublicDocument(page: PublicDocument): string {
  const i18n = getServerI18n(page.locale);
  const location = {
    pathname: page.url.pathname,
    search: page.url.search,
    hash: "",
    state: null,
    key: "default",
  };
  const element = (
    <SessionProvider shared known={{ user: null, impersonated: false }}>
      <StaticImpersonationBar />
      {page.body}
    </SessionProvider>
  );
  const route = { id: "public-page", path: page.pattern, element };
  const context = {
    basename: "/",
    location,
    matches: [{ params: page.params, pathname: location.pathname, pathnameBase: location.pathname, route }],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  } as unknown as StaticHandlerContext;
  const router = createStaticRouter([route], context);
  const html = renderToString(
    <NonceProvider value={page.nonce}>
      <html lang={page.locale} data-messages={messageScope(page.pattern)}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#12b562" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <link rel="stylesheet" href={appCss} precedence="default" />
          <MetaTags descriptors={page.meta} />
        </head>
        <body className="min-h-dvh">
          <I18nextProvider i18n={i18n}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </I18nextProvider>
          {page.script ? (
            <script
              nonce={page.nonce}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script; its options are JSON with "<" escaped.
              dangerouslySetInnerHTML={{ __html: staticPageScript(page.url.pathname) }}
            />
          ) : null}
        </body>
      </html>
    </NonceProvider>,
  );
  return html.startsWith("<!DOCTYPE") ? html : `<!DOCTYPE html>${html}`;
}

/** A route's meta descriptors as React Router's <Meta> writes them: title, meta and link tags. */
function MetaTags({ descriptors }: { descriptors: MetaDescriptor[] }) {
  return descriptors.map((descriptor, index) => {
    const key = String(index);
    if ("title" in descriptor) return <title key={key}>{String(descriptor.title)}</title>;
    if ("tagName" in descriptor) {
      const { tagName, ...attributes } = descriptor as { tagName: string } & Record<string, string>;
      return tagName === "link" ? <link key={key} {...attributes} /> : <meta key={key} {...attributes} />;
    }
    return <meta key={key} {...(descriptor as Record<string, string>)} />;
  });
}
