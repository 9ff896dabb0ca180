import { data } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { sessionContext } from "~/auth/session.server";
import type { Route } from "./+types/session";

// Spec §7: GET answers { user } with onboarded ({} when signed out); DELETE signs out.
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  if (!user) return data({}, { headers: { "Cache-Control": "no-store" } });
  return data(
    { user: { id: user.id, email: user.email, name: user.name, onboarded: user.onboarded } },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "DELETE") return data({ success: false }, { status: 405 });
  const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return data({ success: true }, { headers });
}
