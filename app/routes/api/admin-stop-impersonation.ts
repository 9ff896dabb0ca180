import { data, redirect } from "react-router";
import { sessionContext } from "~/auth/session.server";
import { getDb } from "~/db/db.server";
import { stopImpersonation } from "~/features/admin/impersonation.server";
import { flashHeaders } from "~/lib/flash.server";
import { asResponse, handleAction, notFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/admin-stop-impersonation";

// POST /api/admin/users/stop-impersonation → success flag. Only a session in which an
// admin acts as someone may call it; for anyone else it does not exist (404).
// The banner's "Stop" is a form: clicked before the page's script runs, the browser posts it itself
// and asks for a page, and gets the users list (or the dashboard, on a failure) with a flash.

export function loader(): never {
  notFound();
}

export async function action({ request, context }: Route.ActionArgs) {
  const acting = context.get(sessionContext);
  if (!acting?.impersonatedBy || request.method !== "POST") notFound();
  const page = request.headers.get("accept")?.includes("text/html") ?? false;
  const answer = await handleAction(
    async () => {
      const headers = await stopImpersonation({ db: getDb(), request }, acting);
      headers.set("Cache-Control", "no-store");
      // A page without React (the landing, decision 0097) reloads into /admin/users: the confirmation
      // travels there as the flash the admin layout shows; the dashboard's banner toasts it itself.
      if (page || new URL(request.url).searchParams.get("flash") === "1")
        flashHeaders("common:impersonation.stopped", "success", headers);
      if (page) return redirect("/admin/users", { status: 303, headers });
      return data({ ok: true, success: true, message: "common:impersonation.stopped" }, { headers });
    },
    {
      fallback: "stopImpersonationFailed",
      headers: { "Cache-Control": "no-store" },
      ...(page && { flashFailureTo: "/dashboard/products" }),
    },
  );
  return asResponse(answer);
}
