import { data } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { sessionAnswer, sessionContext } from "~/auth/session.server";
import type { Route } from "./+types/session";

// Spec §7: GET answers { user } with onboarded ({} when signed out), and the impersonator's id
// while an admin acts as the user (issue 16); DELETE signs out.
export async function loader({ context }: Route.LoaderArgs) {
  return data(sessionAnswer(context.get(sessionContext)), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "DELETE") return data({ success: false }, { status: 405 });
  const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return data({ success: true }, { headers });
}
