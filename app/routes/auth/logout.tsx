import { redirect } from "react-router";
import { getAuth } from "~/auth/auth.server";
import type { Route } from "./+types/logout";

// Issue 3: /auth/logout signs out and returns to "/".
async function signOut(request: Request) {
  const headers = new Headers();
  try {
    const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // Already signed out: nothing to revoke.
  }
  return redirect("/", { headers });
}

export function action({ request }: Route.ActionArgs) {
  return signOut(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return signOut(request);
}
