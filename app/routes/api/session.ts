import { data } from "react-router";
import { CLIENT_IP_HEADER, getAuth } from "~/auth/auth.server";
import { sessionAnswer, sessionContext } from "~/auth/session.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import type { Route } from "./+types/session";

// GET answers { user } with onboarded ({} when signed out), and the impersonator's id
// while an admin acts as the user (decision 0044); DELETE signs out.
/** Every page a cache served asks once after it mounts; 300 a minute from one address is a flood. */
const callsPerClient = createRateLimiter({ limit: 300, windowMs: 60_000 });

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!callsPerClient.allow(request.headers.get(CLIENT_IP_HEADER) ?? "")) {
    // The page treats any failure as the empty session (decision 0055): it shows its signed-out header.
    return data({}, { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": "60" } });
  }
  return data(sessionAnswer(context.get(sessionContext)), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "DELETE") return data({ success: false }, { status: 405 });
  const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return data({ success: true }, { headers });
}
