import {
  createRequestHandler,
  RouterContextProvider,
  type ServerBuild,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import type { Locale } from "~/i18n/config";
import { documentRequestContext } from "~/lib/document-only";
import { cspNonceContext } from "~/lib/request-context";
import * as entryServer from "../../entry.server";
import * as root from "../../root";

// For the published documents' tests (decisions 0144, 0147): React Router's own answer for a page,
// from a server build of the root and the given routes, as `react-router build` hands them over.
// A test file that uses it mocks "~/app.css?url" (Vitest gives the stylesheet no address).

export const TEST_NONCE = "test-nonce";

type Module = Record<string, unknown>;
export type TestRoute = { id: string; path: string; module: Module };

/** A route module as the build hands it over: its components given their props by React Router. */
function built(module: Module): Module {
  const wrap = (name: string, by: (component: never) => unknown) =>
    typeof module[name] === "function" ? { [name]: by(module[name] as never) } : {};
  return {
    ...module,
    ...wrap("default", withComponentProps),
    ...wrap("ErrorBoundary", withErrorBoundaryProps),
  };
}

function serverBuild(children: TestRoute[]): ServerBuild {
  const routes = [
    { id: "root", parentId: undefined, path: "", module: built(root) },
    ...children.map((route) => ({ ...route, parentId: "root", module: built(route.module) })),
  ];
  const has = (module: Module, name: string) => typeof module[name] === "function";
  return {
    entry: { module: entryServer as never },
    routes: Object.fromEntries(
      routes.map(({ id, parentId, path, module }) => [id, { id, parentId, path, module: module as never }]),
    ),
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        routes.map(({ id, parentId, path, module }) => [
          id,
          {
            id,
            parentId,
            path,
            module: `/assets/${id.replaceAll("/", "-")}.js`,
            imports: [],
            hasAction: has(module, "action"),
            hasLoader: has(module, "loader"),
            hasClientAction: false,
            hasClientLoader: has(module, "clientLoader"),
            hasClientMiddleware: Array.isArray(module.clientMiddleware),
            hasErrorBoundary: has(module, "ErrorBoundary"),
            clientActionModule: undefined,
            clientLoaderModule: undefined,
            clientMiddlewareModule: undefined,
            hydrateFallbackModule: undefined,
          },
        ]),
      ),
      url: "/assets/manifest-test.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
}

/** React Router's answer for a path in a language, with the context server/app.ts gives a page request. */
export function reactRouterDocuments(routes: TestRoute[]) {
  const handle = createRequestHandler(serverBuild(routes), "production");
  return async (path: string, locale: Locale) => {
    const context = new RouterContextProvider();
    context.set(cspNonceContext, TEST_NONCE);
    context.set(documentRequestContext, true);
    const response = await handle(
      new Request(`http://localhost${path}`, { headers: { cookie: `lang=${locale}` } }),
      context,
    );
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
}

/** React Router's render carries an empty Suspense boundary of its own after the page's scripts. */
export function withoutRouterMarkers(html: string): string {
  return html.replace("<!--$--><!--/$-->", "");
}
