// A script chunk that fails to load (a deploy removed it) reloads the page once, at most
// once per path within 10 seconds, and never in a loop; failing again, the page says so with a
// reload link (decision 0054). Both functions below are sent to the browser as their source text in
// an inline script (root.tsx), before any module script runs, so they use nothing from outside.

/** The guard's memory: sessionStorage, or nothing where it cannot be used. */
export type ReloadMemory = Pick<Storage, "getItem" | "setItem"> | null;

/**
 * Whether a chunk failure on `path` may reload the page now; if so, remembers it. Without a memory
 * it never reloads: a reload that cannot be counted could repeat forever.
 */
export function mayReloadForChunk(path: string, now: number, memory: ReloadMemory): boolean {
  const key = `vitrina:chunk-reload:${path}`;
  try {
    if (!memory) return false;
    const last = Number(memory.getItem(key));
    // A timestamp from the future (a clock set back) counts as recent too.
    if (last > 0 && now - last < 10_000) return false;
    memory.setItem(key, String(now));
    return true;
  } catch {
    return false;
  }
}

export type ChunkFailureTexts = { title: string; hint: string; reload: string };

declare global {
  interface Window {
    /** React Router's route-module loader calls this instead of reloading (server/route-module-failure.ts). */
    __vitrinaRouteModuleFailed?: (error: unknown) => Promise<never>;
  }
}

/**
 * Installs the three ways a missing chunk shows up:
 * - a module script or modulepreload of the page itself fails (the document load);
 * - Vite's preload of a lazily imported module fails (`vite:preloadError`);
 * - React Router cannot load the next route's module during a client navigation: then the browser
 *   loads that route's address (the new build's page), instead of React Router's reload of the old one.
 */
export function installChunkGuard(mayReload: typeof mayReloadForChunk, texts: ChunkFailureTexts): void {
  const memory = (): ReloadMemory => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  };
  let failed = false;
  const showFailure = () => {
    const render = () => {
      const main = document.createElement("main");
      main.className =
        "mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center";
      main.setAttribute("data-chunk-failure", "");
      const title = document.createElement("h1");
      title.className = "font-semibold text-2xl";
      title.textContent = texts.title;
      const hint = document.createElement("p");
      hint.className = "text-gray-600";
      hint.textContent = texts.hint;
      const link = document.createElement("a");
      link.className = "rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700";
      link.href = window.location.href;
      link.textContent = texts.reload;
      main.append(title, hint, link);
      document.title = texts.title;
      document.body.replaceChildren(main);
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render);
    else render();
  };
  // Only while the document loads: a link prefetched later that fails must not reload a working page.
  const onError = (event: Event) => {
    const element = event.target as HTMLElement | null;
    const isModule =
      (element instanceof HTMLScriptElement && element.type === "module") ||
      (element instanceof HTMLLinkElement && element.rel === "modulepreload");
    if (!isModule || failed) return;
    failed = true;
    if (mayReload(window.location.pathname, Date.now(), memory())) window.location.reload();
    else showFailure();
  };
  window.addEventListener("error", onError, true);
  window.addEventListener("load", () => window.removeEventListener("error", onError, true), { once: true });
  window.addEventListener("vite:preloadError", (event) => {
    // Not prevented, the import fails and the page's error boundary says so.
    if (!mayReload(window.location.pathname, Date.now(), memory())) return;
    event.preventDefault();
    window.location.reload();
  });
  window.__vitrinaRouteModuleFailed = (error) => {
    const router = (
      window as { __reactRouterDataRouter?: { state: { navigation: { location?: Location } } } }
    ).__reactRouterDataRouter;
    const target = router?.state.navigation.location ?? window.location;
    if (!mayReload(target.pathname, Date.now(), memory())) return Promise.reject(error);
    window.location.assign(`${target.pathname}${target.search}${target.hash}`);
    return new Promise<never>(() => {});
  };
}

/** The inline script's text: the guard, with this page's language's texts. */
export function chunkGuardScript(texts: ChunkFailureTexts): string {
  // "<" never appears raw, so no text can close the script element.
  const json = JSON.stringify(texts).replace(/</g, "\\u003c");
  return `(${installChunkGuard.toString()})(${mayReloadForChunk.toString()},${json});`;
}
