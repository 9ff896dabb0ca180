import { data } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { startImpersonation } from "~/features/admin/impersonation.server";
import { asResponse, handleAction, notFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/admin-impersonate";

// POST /api/admin/users/{id}/impersonate, no body → success flag; the browser then
// refreshes the session. Anyone but an admin gets 404 (the admin API does not reveal itself).

export function loader(): never {
  notFound();
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { admin, db } = requireAdmin(context);
  if (request.method !== "POST") notFound();
  const answer = await handleAction(
    async () => {
      const headers = await startImpersonation({ db, request }, admin, params.userId);
      headers.set("Cache-Control", "no-store");
      return data({ ok: true, success: true, message: "common:impersonation.started" }, { headers });
    },
    { fallback: "impersonateFailed", headers: { "Cache-Control": "no-store" } },
  );
  return asResponse(answer);
}
