import { toast } from "sonner";
import type { ActionResult } from "~/lib/action-result";

type Translate = (key: string) => string;

// The impersonation calls and their toasts. A failure shows the server's message, or
// the fixed one when the server said nothing readable.

async function post(url: string): Promise<ActionResult | null> {
  try {
    const response = await fetch(url, { method: "POST", headers: { Accept: "application/json" } });
    return (await response.json()) as ActionResult;
  } catch {
    return null;
  }
}

/** Where "Act as" posts, its form's action too. */
export function impersonateUrl(userId: string): string {
  return `/api/admin/users/${encodeURIComponent(userId)}/impersonate`;
}

/** Starts acting as the user; true when the session is now theirs. */
export async function impersonate(userId: string, t: Translate): Promise<boolean> {
  const answer = await post(impersonateUrl(userId));
  if (answer?.ok) {
    toast.success(t("common:impersonation.started"));
    return true;
  }
  toast.error(t(answer?.errors.form ?? "errors:impersonateFailed"));
  return false;
}

/** Where the banner's "Stop" posts, its form's action too. */
export const STOP_IMPERSONATION_URL = "/api/admin/users/stop-impersonation";

/** Stops acting as the user; true when the admin's own session is back. */
export async function stopImpersonating(t: Translate): Promise<boolean> {
  const answer = await post(STOP_IMPERSONATION_URL);
  if (answer?.ok) {
    toast.success(t("common:impersonation.stopped"));
    return true;
  }
  toast.error(t(answer?.errors.form ?? "errors:stopImpersonationFailed"));
  return false;
}
