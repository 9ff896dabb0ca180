import { getConfig } from "~/lib/config.server";
import { CLIENT_IP_HEADER, getAuth } from "./auth.server";

/**
 * Runs a better-auth endpoint from a form action through its own HTTP handler, so its rate limits
 * and origin checks apply exactly as they do to /api/auth/* calls.
 */
export async function callAuth(request: Request, endpoint: string, body: unknown): Promise<Response> {
  const config = getConfig();
  const headers = new Headers({ "content-type": "application/json", origin: config.baseUrl });
  for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER, "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return getAuth().handler(
    new Request(new URL(`/api/auth${endpoint}`, config.baseUrl), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

/** The Set-Cookie headers of an auth response, to pass on with a redirect. */
export function authCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
