// Decision 0097: a page whose route's handle is STATIC_PAGE (the landing page) is sent as HTML and
// CSS only: root.tsx leaves out React Router's scripts, so the browser downloads and runs no
// JavaScript file for it. Everything on it works as plain HTML (links, a <details> menu, form posts,
// a native <video>); the few things React did after mount are done by the inline script below,
// sent as its source text (so it uses nothing from outside) with the page's CSP nonce.

import { LOCALE_STORAGE_KEY, LOCALES, type Locale, localeCookie } from "~/i18n/config";
import { navigationRedirect } from "~/navigation/rules";
import { SESSION_PATH } from "./session-context";

/** A route module's `handle` for a page that never hydrates. */
export const STATIC_PAGE = { hydrate: false } as const;

/**
 * Decision 0136: a page framed on other websites (the embeddable price list) gets no script at all,
 * not even the static page's own: nothing on it needs one, and it never asks for the session.
 */
export const SCRIPTLESS_PAGE = { hydrate: false, script: false } as const;

/** True when a matched route asks for a page without any script. */
export function isScriptlessPage(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as { script?: unknown } | undefined)?.script === false);
}

/** True when a matched route asks for a page without React Router's scripts. */
export function isStaticPage(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as { hydrate?: unknown } | undefined)?.hydrate === false);
}

/**
 * The address a client navigation to a static page goes to, with its #fragment (the loader's request
 * has none; React Router's pending navigation has it).
 */
export function documentAddress(requestUrl: string): string {
  const pending = (window as { __reactRouterDataRouter?: { state: { navigation: { location?: Location } } } })
    .__reactRouterDataRouter?.state.navigation.location;
  const url = new URL(requestUrl);
  return pending ? `${pending.pathname}${pending.search}${pending.hash}` : `${url.pathname}${url.search}`;
}

/**
 * A static page's clientLoader: a client navigation to it (a link on a hydrated page) loads it as a
 * whole document, since the page has no client code to render it with.
 */
export async function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(documentAddress(request.url));
  return new Promise<never>(() => {});
}

export type StaticPageOptions = {
  sessionPath: string;
  /** The navigation rules (decision 0004) here: where a signed-in owner goes (null: stay), by onboarded. */
  redirect: { onboarded: string | null; notOnboarded: string | null };
  localeKey: string;
  /** The `lang` cookie to restore a language kept in local storage (entry.client.tsx does the same). */
  localeCookies: Record<string, string>;
  stopImpersonationPath: string;
  afterImpersonation: string;
};

/**
 * What React did on the landing page, without React:
 * - restores a language kept in local storage but missing from the cookie (then the server renders
 *   the page again in it), and keeps the one chosen with the language switcher (`form[data-locale]`);
 * - closes the phone menu (`details[data-menu]`) when a link in it is followed, and on Escape;
 * - after `load`, asks who is signed in (decision 0055: the session is asked for after the page mounts,
 *   and any failure is the empty session), applies the navigation rules, shows `[data-signed-in]`
 *   instead of `[data-signed-out]`, and the impersonation bar (`[data-impersonation]`) with "Stop".
 * Sets `data-static="ready"` on <html> once its handlers listen.
 */
export function installStaticPage(options: StaticPageOptions): void {
  const root = document.documentElement;
  const storage = (): Storage | null => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  };
  const stored = storage()?.getItem(options.localeKey) ?? null;
  const hasCookie = document.cookie.split("; ").some((part) => part.startsWith("lang="));
  const cookie = stored ? options.localeCookies[stored] : undefined;
  if (!hasCookie && cookie && stored !== root.lang) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
    document.cookie = cookie;
    window.location.reload();
    return;
  }
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    if (form.hasAttribute("data-locale") && submitter?.value)
      storage()?.setItem(options.localeKey, submitter.value);
  });
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("details[data-menu] a");
    link?.closest("details")?.removeAttribute("open");
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of document.querySelectorAll("details[data-menu][open]")) menu.removeAttribute("open");
  });
  const show = (user: { email: string; onboarded: boolean } | null, impersonated: boolean) => {
    const target = user && (user.onboarded ? options.redirect.onboarded : options.redirect.notOnboarded);
    if (target) {
      window.location.replace(target);
      return;
    }
    for (const element of document.querySelectorAll<HTMLElement>("[data-signed-out]"))
      element.hidden = !!user;
    for (const element of document.querySelectorAll<HTMLElement>("[data-signed-in]")) element.hidden = !user;
    const bar = document.querySelector<HTMLElement>("[data-impersonation]");
    if (!bar) return;
    bar.hidden = !(user && impersonated);
    const email = bar.querySelector("[data-impersonated-email]");
    if (email && user) email.textContent = user.email;
    const stop = bar.querySelector<HTMLButtonElement>("button");
    if (!stop) return;
    stop.onclick = async () => {
      stop.disabled = true;
      const ok = await fetch(options.stopImpersonationPath, {
        method: "POST",
        headers: { Accept: "application/json" },
      })
        .then((response) => response.json())
        .then((answer: { ok?: unknown }) => answer.ok === true)
        .catch(() => false);
      if (ok) window.location.assign(options.afterImpersonation);
      else {
        stop.disabled = false;
        const failed = bar.querySelector<HTMLElement>("[data-failed]");
        if (failed) failed.hidden = false;
      }
    };
  };
  // A store on its own subdomain ("demo.vitrina.mk/demo"): the session lives on the root domain, and
  // the call would be redirected there, a cross-origin request that connect-src 'self' refuses.
  // Nobody is signed in on this host (the React pages' rule, session-context.tsx).
  const store = window.location.pathname.split("/")[1]?.toLowerCase();
  const onStoreSubdomain = Boolean(store) && window.location.hostname.toLowerCase().startsWith(`${store}.`);
  const askSession = () => {
    if (onStoreSubdomain) {
      root.setAttribute("data-session", "out");
      return;
    }
    fetch(options.sessionPath, {
      headers: { Accept: "application/json" },
      cache: "no-store",
      credentials: "same-origin",
    })
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}))
      .then((body: { user?: { email?: unknown; onboarded?: unknown }; impersonator?: unknown }) => {
        const user = body.user && typeof body.user.email === "string" ? body.user : null;
        show(
          user ? { email: String(user.email), onboarded: user.onboarded === true } : null,
          Boolean(body.impersonator),
        );
        root.setAttribute("data-session", user ? "in" : "out");
      });
  };
  // After the page's own requests, so the call never delays its first paint.
  if (document.readyState === "complete") askSession();
  else window.addEventListener("load", askSession, { once: true });
  // Coming back through the back/forward cache, the visitor may have signed in or out meanwhile.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) askSession();
  });
  root.setAttribute("data-static", "ready");
}

/** The inline script's text for the page at `pathname`. */
export function staticPageScript(pathname: string): string {
  const options: StaticPageOptions = {
    sessionPath: SESSION_PATH,
    redirect: {
      onboarded: navigationRedirect(pathname, { onboarded: true }),
      notOnboarded: navigationRedirect(pathname, { onboarded: false }),
    },
    localeKey: LOCALE_STORAGE_KEY,
    localeCookies: Object.fromEntries(LOCALES.map((locale: Locale) => [locale, localeCookie(locale)])),
    stopImpersonationPath: "/api/admin/users/stop-impersonation?flash=1",
    afterImpersonation: "/admin/users",
  };
  // "<" never appears raw, so no text can close the script element.
  const json = JSON.stringify(options).replace(/</g, "\\u003c");
  return `(${installStaticPage.toString()})(${json});`;
}
