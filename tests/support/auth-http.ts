import { randomInt } from "node:crypto";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "better-auth/node";
import { afterAll, beforeAll } from "vitest";
import { type Auth, CLIENT_IP_HEADER } from "~/auth/auth.server";
import { createTestAuth } from "~/auth/test-helpers";
import type { Database } from "~/db/client.server";
import { getConfig } from "~/lib/config.server";
import { openTestDatabase } from "./test-db";

// better-auth behind a real HTTP socket, as server/app.ts mounts it: the client address is the
// socket's, so a test can attack from several loopback addresses (127.0.0.2, 127.0.0.3…) at once.

export type HttpAnswer = { status: number; cookies: string[]; body: unknown };

export async function startAuthServer(auth: Auth) {
  const handler = toNodeHandler(auth);
  const server = createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "";
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  const port = (server.address() as AddressInfo).port;
  // The client address when a call names none: one of this server's own, so the rate limits that
  // earlier files' calls counted in a shared PostgreSQL test database (CI's second pass) do not
  // count against this file's (127.0.0.x stays for the tests that name their sources).
  const ownAddress = `127.${1 + randomInt(254)}.${randomInt(256)}.${1 + randomInt(254)}`;

  /** One request from `from` (a loopback address), with the app's origin as a browser sends it. */
  function call(
    path: string,
    body?: unknown,
    options: { from?: string; cookie?: string; method?: string } = {},
  ): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          localAddress: options.from ?? ownAddress,
          // A fresh connection per request: a pooled keep-alive socket that the server closes while
          // a loaded machine is slow to reuse it ends in "socket hang up", not in an answer.
          agent: false,
          path: `/api/auth${path}`,
          method: options.method ?? (payload === undefined ? "GET" : "POST"),
          headers: {
            origin: getConfig().baseUrl,
            "user-agent": "attack-script",
            ...(payload === undefined ? {} : { "content-type": "application/json" }),
            ...(options.cookie ? { cookie: options.cookie } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {}
            const setCookie = res.headers["set-cookie"] ?? [];
            resolve({ status: res.statusCode ?? 0, cookies: setCookie, body: parsed });
          });
        },
      );
      req.on("error", reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /** The cookie header a browser would send back: a starting header, then these answers' cookies. */
  function cookieJar(...items: (HttpAnswer | string)[]): string {
    const jar = new Map<string, string>();
    for (const item of items) {
      if (typeof item === "string") {
        for (const pair of item.split(/;\s*/).filter(Boolean)) {
          const [name, ...value] = pair.split("=");
          jar.set(name!, value.join("="));
        }
        continue;
      }
      for (const cookie of item.cookies) {
        const [pair] = cookie.split(";");
        const [name, ...value] = pair!.split("=");
        if (/max-age=0/i.test(cookie)) jar.delete(name!);
        else jar.set(name!, value.join("="));
      }
    }
    return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  return {
    url: `http://127.0.0.1:${port}`,
    call,
    cookieJar,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type AuthOverHttp = {
  database: Database;
  t: ReturnType<typeof createTestAuth>;
  http: Awaited<ReturnType<typeof startAuthServer>>;
};

/**
 * The test file's database, its test auth and that auth behind a real socket, opened before the
 * file's tests and closed after them: `const { database, t, http } = authOverHttpForThisFile();`
 */
export function authOverHttpForThisFile(): AuthOverHttp {
  let opened: AuthOverHttp | undefined;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const t = createTestAuth(database);
    opened = { database, t, http: await startAuthServer(t.auth) };
  });
  afterAll(async () => {
    await opened?.http.close();
    await opened?.database.close();
  });
  const part = <K extends keyof AuthOverHttp>(key: K) =>
    new Proxy({} as AuthOverHttp[K], {
      get(_target, property) {
        if (!opened) throw new Error("authOverHttpForThisFile(): opened in beforeAll; use it inside tests");
        return Reflect.get(opened[key], property);
      },
    });
  return { database: part("database"), t: part("t"), http: part("http") };
}
