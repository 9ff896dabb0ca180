import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Google's OpenID Connect endpoints (discovery, authorization, token,
// userinfo), for the e2e suite: the app points at it through GOOGLE_OAUTH_BASE_URL. Like Google,
// it knows who the browser is signed in as from its own cookie (GOOGLE_PERSON_COOKIE, which a
// browser test sets for this origin), as if that person chose their Google account on the consent
// screen. A request without that cookie (a server test's fetch) gets whoever was last named with
// POST /__test/user. The cookie keeps two Playwright workers from signing in each other's person.

export const FAKE_GOOGLE_CLIENT_ID = "vitrina-e2e.apps.googleusercontent.com";
export const FAKE_GOOGLE_CLIENT_SECRET = "vitrina-e2e-secret";

/** The cookie, on the fake's own origin, that names the signed-in person: base64url JSON. */
export const GOOGLE_PERSON_COOKIE = "fake_google_person";

type Person = { sub: string; email: string; name: string };

function personFromCookie(header: string | undefined): Person | null {
  const value = header
    ?.split(/;\s*/)
    .find((pair) => pair.startsWith(`${GOOGLE_PERSON_COOKIE}=`))
    ?.slice(GOOGLE_PERSON_COOKIE.length + 1);
  if (!value) return null;
  return JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Person;
}
type Grant = { person: Person; redirectUri: string; challenge: string | null; clientId: string };

export function startFakeGoogle(port: number) {
  let person: Person = { sub: "1000", email: "someone@example.test", name: "Someone" };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Person>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };

  const server = createServer(async (req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const url = new URL(req.url ?? "/", base);
    if (req.method === "GET" && url.pathname === "/.well-known/openid-configuration") {
      return json(res, 200, {
        issuer: base,
        authorization_endpoint: `${base}/o/oauth2/v2/auth`,
        token_endpoint: `${base}/token`,
        userinfo_endpoint: `${base}/v1/userinfo`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        scopes_supported: ["openid", "email", "profile"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (req.method === "POST" && url.pathname === "/__test/user") {
      person = JSON.parse(await readBody(req)) as Person;
      return json(res, 200, { ok: true });
    }
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
      const clientId = url.searchParams.get("client_id") ?? "";
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (clientId !== FAKE_GOOGLE_CLIENT_ID || url.searchParams.get("response_type") !== "code") {
        return json(res, 400, { error: "invalid_request" });
      }
      const code = randomBytes(16).toString("hex");
      grants.set(code, {
        person: personFromCookie(req.headers.cookie) ?? person,
        redirectUri,
        clientId,
        challenge: url.searchParams.get("code_challenge"),
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(await readBody(req));
      const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      const [basicId, basicSecret] = basic
        ? Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent)
        : [];
      const clientId = form.get("client_id") ?? basicId;
      const secret = form.get("client_secret") ?? basicSecret;
      const grant = grants.get(form.get("code") ?? "");
      grants.delete(form.get("code") ?? "");
      if (!grant || clientId !== grant.clientId || secret !== FAKE_GOOGLE_CLIENT_SECRET) {
        return json(res, 400, { error: "invalid_grant" });
      }
      if (form.get("redirect_uri") !== grant.redirectUri) return json(res, 400, { error: "invalid_grant" });
      if (grant.challenge) {
        const verifier = form.get("code_verifier") ?? "";
        const hashed = createHash("sha256").update(verifier).digest("base64url");
        if (hashed !== grant.challenge) return json(res, 400, { error: "invalid_grant" });
      }
      const accessToken = randomBytes(16).toString("hex");
      tokens.set(accessToken, grant.person);
      return json(res, 200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3599,
        scope:
          "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      });
    }
    if (req.method === "GET" && url.pathname === "/v1/userinfo") {
      const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? "";
      const who = tokens.get(token);
      if (!who) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, { ...who, email_verified: true, picture: null });
    }
    json(res, 404, { error: "not_found" });
  });
  server.listen(port, "127.0.0.1");
  return server;
}

// `npx tsx tests/support/fake-google.ts <port>`: run standalone (playwright.config.ts starts it).
if (process.argv[1]?.endsWith("fake-google.ts")) {
  const port = Number(process.argv[2] ?? 3399);
  startFakeGoogle(port);
  console.log(`fake Google on http://127.0.0.1:${port}`);
}
