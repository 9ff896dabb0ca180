import { UserRoundCog } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { impersonate, impersonateUrl } from "./impersonation-calls";

/**
 * "Act as" (decision 0044): the session becomes the user's, and the dashboard opens as they see it.
 * A form, so a click before the page's script has run still works: the browser posts it and the
 * server answers with the dashboard.
 */
export function ActAsButton({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation(["common", "admin", "errors"]);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action={impersonateUrl(userId)}
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        if (await impersonate(userId, t)) navigate("/dashboard/products");
        else setBusy(false);
      }}
    >
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={t("admin:users.actAsLabel", { email })}
      >
        <UserRoundCog aria-hidden className="size-4" />
        {t("admin:users.actAs")}
      </Button>
    </form>
  );
}
