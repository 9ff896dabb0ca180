import { lazy, Suspense, useContext, useEffect, useMemo, useState } from "react";
import { I18nextProvider } from "react-i18next";
import {
  createContext,
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { readSession, sessionContext } from "~/auth/session.server";
import { getDb } from "~/db/db.server";
import { ImpersonationBanner } from "~/features/admin/components/impersonation-banner";
import { auditImpersonatedChange } from "~/features/admin/impersonation.server";
import { DEFAULT_LOCALE, type Locale, localeFromCookieHeader } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { clientI18n, loadMessages } from "~/i18n/load-messages.client";
import { ServerI18nContext } from "~/i18n/messages-context";
import { messageScope } from "~/i18n/namespaces";
import { documentRequestContext, useDocumentOnly, useKeptHtml } from "~/lib/document-only";
import { useNonce } from "~/lib/nonce";
import { customDomainContext } from "~/lib/request-context";
// Decision 0031: Zod's default messages become catalogue keys, in the browser and on the server.
import "~/lib/zod-messages";
import { navigationRedirect } from "~/navigation/rules";
import { isChunkLoadError, untilReload } from "~/shell/chunk-error";
import { chunkGuardScript } from "~/shell/chunk-reload";
import { ErrorPage } from "~/shell/error-page";
import { OptionalPart } from "~/shell/optional-part";
import { SessionProvider, useSession } from "~/shell/session-context";
import { isSharedPage } from "~/shell/shared-pages";
import { StaticImpersonationBar } from "~/shell/static-impersonation-bar";
import { isScriptlessPage, isStaticPage, staticPageScript } from "~/shell/static-page";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";

/** The navigation rules (decision 0004) run on the server for every request, page or data. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const user = await readSession(request);
    context.set(sessionContext, user);
    const target = navigationRedirect(pagePath(new URL(request.url).pathname), user);
    if (target) throw redirect(target);
    if (!user?.impersonatedBy) return next();
    // A change made while an admin acts as this user is audited as the admin's.
    const response = await next();
    await auditImpersonatedChange(getDb(), request, user, response.status);
    return response;
  },
];

/**
 * Decision 0008: before a client navigation renders, the browser holds the catalogue namespaces of
 * the page it goes to (the public pages need fewer than the dashboard). Same cookie as the server.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ pattern }, next) => {
    await loadMessages(localeFromCookieHeader(document.cookie), messageScope(pattern));
    await next();
  },
];

/** Client navigations fetch "/path.data" (and "/_root.data" for "/"): the rules see the page path. */
function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** Decision 0054: the chunk guard's inline script, in the document only (the browser keeps it). */
const chunkGuardContext = createContext<string | null>(null);

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  const locale = requestLocale(request);
  const shared = isSharedPage(pattern);
  if (context.get(documentRequestContext)) {
    const t = getFixedT(locale);
    context.set(
      chunkGuardContext,
      chunkGuardScript({
        title: t("errors:chunkFailed"),
        hint: t("errors:chunkFailedHint"),
        reload: t("errors:reloadPage"),
      }),
    );
  }
  return data({
    locale,
    // Which namespaces the browser loads before it hydrates this page (entry.client.tsx).
    messages: messageScope(pattern),
    // A page whose HTML every visitor shares says nothing of the session; the browser
    // asks for it after mount (SessionProvider), so the page stays cacheable.
    shared,
    user:
      user && !shared
        ? { email: user.email, name: user.name, onboarded: user.onboarded, role: user.role }
        : null,
    // While an admin acts as this user, every page shows it with a way to stop.
    impersonating: user?.impersonatedBy && !shared ? user.email : null,
    // Decision 0133: a store's own domain gets the page without scripts (its address is not the
    // route's path, so the router could not hydrate it) and without any session.
    customDomain: context.get(customDomainContext)?.domain ?? null,
  });
}

// Every navigation asks the server, so the rules above also govern client-side navigation.
export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>("root");
  const locale: Locale = loaderData?.locale ?? DEFAULT_LOCALE;
  const nonce = useNonce();
  const serverI18n = useContext(ServerI18nContext);
  const i18n = useMemo(() => serverI18n?.(locale) ?? clientI18n(locale), [locale, serverI18n]);
  // Decision 0097: a page that never hydrates gets no React Router scripts (no modulepreloads, no
  // hydration data, no chunk guard: it has no chunk), only its small inline script.
  const matches = useMatches();
  const staticPage = isStaticPage(matches);
  // Decision 0136: the embeddable list has no script at all, as a custom domain's pages.
  const noScript = Boolean(loaderData?.customDomain) || isScriptlessPage(matches);
  const { pathname } = useLocation();
  return (
    <html lang={locale} data-messages={loaderData?.messages ?? "all"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {staticPage ? null : <ChunkGuard nonce={nonce} />}
        <meta name="theme-color" content="#12b562" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        <I18nextProvider i18n={i18n}>
          <SessionProvider
            shared={loaderData?.shared ?? false}
            known={{
              user: loaderData?.user ?? null,
              impersonated: Boolean(loaderData?.impersonating),
            }}
          >
            {staticPage ? <StaticImpersonationBar /> : <Impersonation />}
            {children}
            {loaderData?.user && !staticPage ? <SignedInShell /> : null}
          </SessionProvider>
        </I18nextProvider>
        {noScript ? null : staticPage ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script; its options are JSON with "<" escaped.
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: staticPageScript(pathname) }} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** While an admin acts as this user, every page shows it (a shared page after mount). */
function Impersonation() {
  const session = useSession();
  if (session.status !== "ready" || !session.impersonated || !session.user) return null;
  return <ImpersonationBanner email={session.user.email} />;
}

/** Before any module script, so it sees their failures (decision 0054). */
function ChunkGuard({ nonce }: { nonce: string }) {
  const html = useKeptHtml(CHUNK_GUARD_ID, useDocumentOnly(chunkGuardContext));
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script; its texts are JSON with "<" escaped.
  return <script id={CHUNK_GUARD_ID} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={html} />;
}
const CHUNK_GUARD_ID = "chunk-guard";

// Only signed-in pages raise toasts, so a visitor's browser never downloads sonner. Mounted after
// hydration: a toast raised before it loads is shown once it subscribes.
// Toasts close after 4 s, at most 3 are shown, at the top centre.
// (An awaited import: Vite wraps an import's own .then() inside its preload, where a failed chunk
// never reaches it.)
const Toaster = lazy(async () => ({ default: (await untilReload(await import("sonner"))).Toaster }));
// The signed-in pages offer a reload when a new build is deployed (decision 0053).
const NewBuildBanner = lazy(async () => untilReload(await import("~/shell/new-build-banner")));

function SignedInShell() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <Toaster position="top-center" duration={4000} visibleToasts={3} richColors />
        <NewBuildBanner />
      </Suspense>
    </OptionalPart>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const kind = notFound ? "notFound" : isChunkLoadError(error) ? "chunk" : "server";
  // In the browser the console is the only log; on the server, entry.server's handleError has
  // already logged it through pino.
  if (typeof document !== "undefined" && kind === "server" && !isRouteErrorResponse(error))
    console.error(error);
  return <ErrorPage kind={kind} path={location.pathname} />;
}
