import type { Plugin } from "vite";

// Decision 0054: when a client navigation cannot load the next route's module (a deploy removed the
// chunk), React Router logs it and reloads the page it is leaving, unconditionally: the reload gets
// the old page again, and every later click does the same. This patch hands the failure to the
// page's chunk guard (app/shell/chunk-reload.ts) first, which loads the target's address once per
// 10 seconds and otherwise lets the error reach the error page. The build fails if React Router's
// code no longer has the line, so an upgrade cannot drop the guard silently.

const RELOAD = "window.location.reload();";
const MARKER = "Error loading route module";
const HOOK = `if (typeof window.__vitrinaRouteModuleFailed === "function") return window.__vitrinaRouteModuleFailed(error);\n    `;

export function patchRouteModuleFailure(code: string): string | null {
  const at = code.indexOf(MARKER);
  if (at === -1) return null;
  const reload = code.indexOf(RELOAD, at);
  // The reload of loadRouteModule's catch block, a few lines below its message.
  if (reload === -1 || reload - at > 600) return null;
  return `${code.slice(0, reload)}${HOOK}${code.slice(reload)}`;
}

export function routeModuleFailure(): Plugin {
  let patched = false;
  return {
    name: "vitrina:route-module-failure",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!id.includes("react-router") || !code.includes(MARKER)) return null;
      const result = patchRouteModuleFailure(code);
      if (result === null) return null;
      patched = true;
      return { code: result, map: null };
    },
    buildEnd(error) {
      if (!error && !patched) {
        this.error(
          "react-router's loadRouteModule was not found: server/route-module-failure.ts needs updating",
        );
      }
    },
  };
}
