import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { appManifestState, onAppManifest } from "./app-manifest";
import { BUILD_CHECK_MIN_GAP_MS, BUILD_ID_PATH, BUILD_POLL_MS, isNewBuild, parseBuildId } from "./build-id";

declare global {
  interface Window {
    /** React Router's browser manifest of the build that rendered this page. */
    __reactRouterManifest?: { version?: string };
  }
}

/**
 * Decision 0053: an open dashboard learns that a new build is running (it polls builds/latest.json, and
 * asks again when its tab comes back into view) and offers a reload, without blocking the page.
 */
export default function NewBuildBanner() {
  const { t } = useTranslation("dashboard");
  const newBuild = useNewBuild();
  if (!newBuild) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 print:hidden">
      <div
        role="status"
        className="pointer-events-auto flex max-w-md flex-wrap items-center justify-center gap-x-3 gap-y-2 rounded-lg border border-gray-200 bg-white px-4 py-3 text-gray-900 text-sm shadow-lg"
      >
        <p>{t("newVersion.text")}</p>
        <Button size="sm" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden className="size-4" />
          {t("newVersion.reload")}
        </Button>
      </div>
    </div>
  );
}

function useNewBuild(): boolean {
  const [newBuild, setNewBuild] = useState(false);
  useEffect(() => {
    const pageId = window.__reactRouterManifest?.version;
    if (!pageId || newBuild) return;
    let askedAt = 0;
    let stopped = false;
    const check = async () => {
      // A hidden tab does not ask: it asks when it is looked at again.
      if (stopped || document.visibilityState === "hidden") return;
      askedAt = Date.now();
      try {
        // The timestamp makes every ask a new address, so no cache on the way can answer it.
        const response = await fetch(`${BUILD_ID_PATH}?t=${askedAt}`, {
          cache: "no-store",
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return;
        if (!stopped && isNewBuild(pageId, parseBuildId(await response.json()))) setNewBuild(true);
      } catch {
        // Offline or a deploy in progress: the next ask will tell.
      }
    };
    const onWake = () => {
      if (document.visibilityState === "visible" && Date.now() - askedAt >= BUILD_CHECK_MIN_GAP_MS) {
        void check();
      }
    };
    // Decision 0079: the server has no manifest for this page's build, so another one is deployed.
    if (appManifestState().status === "gone") return setNewBuild(true);
    const unsubscribe = onAppManifest((manifest) => {
      if (!stopped && manifest.status === "gone") setNewBuild(true);
    });
    const timer = window.setInterval(check, BUILD_POLL_MS);
    window.addEventListener("focus", onWake);
    document.addEventListener("visibilitychange", onWake);
    return () => {
      stopped = true;
      unsubscribe();
      window.clearInterval(timer);
      window.removeEventListener("focus", onWake);
      document.removeEventListener("visibilitychange", onWake);
    };
  }, [newBuild]);
  return newBuild;
}
