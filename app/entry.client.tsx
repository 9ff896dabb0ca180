import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLocale, LOCALE_COOKIE, LOCALE_STORAGE_KEY, localeCookie, parseLocale } from "~/i18n/config";
import { loadMessages } from "~/i18n/load-messages.client";
import { scheduleAppManifest } from "~/shell/app-manifest";

// A language chosen earlier in this browser (localStorage) but missing from the cookie — e.g. after
// the cookie was cleared — is restored, and the page is rendered again in it by the server.
function restoreLanguage(): boolean {
  const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  const hasCookie = document.cookie.split("; ").some((part) => part.startsWith(`${LOCALE_COOKIE}=`));
  if (hasCookie || !isLocale(stored) || stored === document.documentElement.lang) return false;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = localeCookie(stored);
  window.location.reload();
  return true;
}

// React Router 7.18 leaves the end of a navigation's data stream unwatched (remix-run/react-router#14203,
// fix not released): when a click replaces a navigation whose data has begun to arrive, the rest of
// that stream rejects with the abort and the browser reports an uncaught "AbortError". An abort is how
// a replaced request ends, never a failure (tests/e2e/navigation-abort.spec.ts; decision 0110).
window.addEventListener("unhandledrejection", (event) => {
  if ((event.reason as { name?: unknown } | null)?.name === "AbortError") event.preventDefault();
});

if (!restoreLanguage()) {
  // The page's catalogue is loaded before hydration, so the first client render matches the server's;
  // a public page names the smaller part it needs (root.tsx, decision 0008).
  const html = document.documentElement;
  loadMessages(parseLocale(html.lang), html.dataset.messages === "public" ? "public" : "all").then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
    // This build's route rule manifest, a second later (decision 0079).
    scheduleAppManifest({
      buildId: window.__reactRouterManifest?.version,
      // The Network Information API: Chromium only, so not in TypeScript's DOM types.
      navigator: navigator as { connection?: { effectiveType?: string; saveData?: boolean } },
    });
  });
}
