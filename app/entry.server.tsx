import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { getServerI18n } from "~/i18n/i18n.server";
import { ServerI18nContext } from "~/i18n/messages-context";
import { bytesResponse } from "~/lib/bytes-response.server";
import { DocumentOnlyProvider } from "~/lib/document-only";
import { logger } from "~/lib/logger.server";
import { NonceProvider } from "~/lib/nonce";
import { cspNonceContext } from "~/lib/request-context";

export const streamTimeout = 5_000;

/**
 * Every page is rendered whole, then sent in one piece. No loader defers data, so streaming gained
 * nothing but cost a socket write for each of React's 2 KB chunks — a tenth of rendering the public
 * page (decision 0009). Crawlers and browsers get the same complete document.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timeout);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          bytesResponse(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }),
        );
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerI18nContext.Provider value={getServerI18n}>
          <DocumentOnlyProvider value={loadContext}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </DocumentOnlyProvider>
        </ServerI18nContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, onShellError rejects and React Router reports the error.
          if (shellRendered) logger.error({ err: error }, "render failed after the shell");
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * An error a loader, action or render threw on the server, logged through pino (one JSON line)
 * instead of React Router's default console.error. A request the client aborted is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A page that does not exist (404), or a method a route does not take (405: a form posted to a
  // page without an action), is an answer to the client's mistake, not a failure (decision 0121).
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logger.error({ err: inner ?? error, method: request.method, url: request.url }, "request failed");
};
