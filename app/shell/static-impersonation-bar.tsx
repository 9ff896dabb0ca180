import { useTranslation } from "react-i18next";

const EMAIL_MARK = "\u0000email\u0000";

/**
 * The impersonation bar of a page that never hydrates (decision 0097): rendered hidden, shown by the
 * page's inline script (static-page.ts) once the session says an admin acts as this user, with the
 * user's address and a working "Stop" (decision 0044). The same look as ImpersonationBanner.
 */
export function StaticImpersonationBar() {
  const { t } = useTranslation(["common", "errors"]);
  const [before, after] = t("common:impersonation.banner", { email: EMAIL_MARK }).split(EMAIL_MARK);
  return (
    <div
      role="status"
      hidden
      data-impersonation=""
      className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-300 px-4 py-2 text-center text-amber-950 text-sm"
    >
      <span className="wrap-anywhere">
        {before}
        <span data-impersonated-email="" />
        {after}
      </span>
      <button
        type="button"
        className="rounded-md bg-amber-950 px-3 py-1 font-medium text-white disabled:opacity-60"
      >
        {t("common:impersonation.stop")}
      </button>
      <span hidden data-failed="" className="w-full font-medium">
        {t("errors:stopImpersonationFailed")}
      </span>
    </div>
  );
}
