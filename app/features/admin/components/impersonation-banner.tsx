import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { STOP_IMPERSONATION_URL, stopImpersonating } from "./impersonation-calls";

/**
 * On every page while an admin acts as someone (decision 0044): who they are acting as, and "Stop".
 * Stopping gives the admin their own session back and returns to the users list. A form, so a click
 * before the page's script has run still works: the browser posts it and gets the users list.
 */
export function ImpersonationBanner({ email }: { email: string }) {
  const { t } = useTranslation(["common", "admin", "errors"]);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-300 px-4 py-2 text-center text-amber-950 text-sm"
    >
      <span className="wrap-anywhere">{t("common:impersonation.banner", { email })}</span>
      <form
        method="post"
        action={STOP_IMPERSONATION_URL}
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          if (await stopImpersonating(t)) navigate("/admin/users");
          setBusy(false);
        }}
      >
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-amber-950 px-3 py-1 font-medium text-white disabled:opacity-60"
        >
          {t("common:impersonation.stop")}
        </button>
      </form>
    </div>
  );
}
