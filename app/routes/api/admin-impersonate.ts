import { data, redirect } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { startImpersonation } from "~/features/admin/impersonation.server";
import { flashHeaders } from "~/lib/flash.server";
import { asResponse, handleAction, notFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/admin-impersonate";

// POST /api/admin/users/{id}/impersonate, no body → success flag; the browser then
// refreshes the session. Anyone but an admin gets 404 (the admin API does not reveal itself).
// The "Act as" button is a form: clicked before the page's script runs, the browser posts it
// itself and asks for a page, and gets the dashboard (or the users list) with the outcome as a flash.

export function loader(): never {
  notFound();
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { admin, db } = requireAdmin(context);
  if (request.method !== "POST") notFound();
  const page = request.headers.get("accept")?.includes("text/html") ?? false;
  const answer = await handleAction(
    async () => {
      const headers = await startImpersonation({ db, request }, admin, params.userId);
      headers.set("Cache-Control", "no-store");
      if (page) {
        flashHeaders("common:impersonation.started", "success", headers);
        return redirect("/dashboard/products", { status: 303, headers });
      }
      return data({ ok: true, success: true, message: "common:impersonation.started" }, { headers });
    },
    {
      fallback: "impersonateFailed",
      headers: { "Cache-Control": "no-store" },
      ...(page && { flashFailureTo: "/admin/users" }),
    },
  );
  return asResponse(answer);
}
