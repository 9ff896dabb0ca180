import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  checkDomain,
  claimDomain,
  getStoreDomain,
  recordValue,
  removeDomain,
  servedDomains,
} from "~/features/domains/domain.server";
import { DomainDirectory } from "~/features/domains/domain-directory.server";
import { startTestDnsServer, type TestDnsServer } from "~/features/domains/domains.test-support";
import { StorePageCache } from "~/features/storefront/page-cache.server";
import { StoreVersions } from "~/features/storefront/store-versions.server";
import { hasStorePage } from "~/features/stores/public-store.server";
import { fixedClock } from "~/lib/clock.server";
import { createTestStore, openTestDatabase } from "../tests/support/test-db";
import { customDomains, DOMAIN_CHECK_PATH, domainCheckHandler, onOperationsHosts } from "./custom-domains";
import { customDomainRedirect, customDomainRoute, isPlatformHost } from "./host-routing";
import { operationsRouter } from "./operations";
import { storePageEdge } from "./store-page-edge";

// Decision 0133: the Host decides. The app's own host rules in front of a stand-in for React Router
// that says which path it was asked for (and, for a store path, which store), with the store page
// edge and its cache as server/app.ts mounts them, and the domains verified through a DNS server on
// loopback as an owner's "Check now" does.

const PLATFORM = { rootDomain: "localhost", baseUrl: "http://localhost:3000" };
const NOW = new Date("2026-11-27T10:00:00Z");
const METRICS_TOKEN = "test-metrics-token";

let database: Database;
let versions: StoreVersions;
let dns: TestDnsServer;
let directory: DomainDirectory;
let cache: StorePageCache;
let server: Server;
let port: number;
let a: { username: string; storeId: string };
let b: { username: string; storeId: string };
let domainA: string;

async function verify(storeId: string, domain: string) {
  await claimDomain(database.db, storeId, domain, PLATFORM);
  const row = (await getStoreDomain(database.db, storeId))!;
  dns.records.set(`_vitrina.${domain}`, [recordValue(row.token)]);
  const lookup = (await import("~/features/domains/domain.server")).systemTxtLookup(dns.address);
  expect((await checkDomain(database.db, storeId, { now: NOW, limited: false, lookup })).found).toBe(true);
  await directory.reload();
}

beforeAll(async () => {
  database = await openTestDatabase();
  versions = new StoreVersions();
  await versions.start(database);
  dns = await startTestDnsServer();
  a = await createTestStore(database);
  b = await createTestStore(database);
  domainA = `ceni.${a.username}.mk`;
  directory = new DomainDirectory(() => servedDomains(database.db));
  cache = new StorePageCache(fixedClock(NOW), versions);
  const edge = storePageEdge({
    cache,
    rootDomain: PLATFORM.rootDomain,
    platform: PLATFORM,
    domains: directory,
    currentVersion: (username) => cache.currentVersion(database.db, username),
    nonceOf: () => "test-nonce",
  });
  const app = express();
  app.use(
    onOperationsHosts(
      PLATFORM,
      operationsRouter({ checks: {}, metricsToken: METRICS_TOKEN, registry: new Registry() }),
    ),
  );
  app.use(customDomains({ platform: PLATFORM, directory }));
  app.get(
    DOMAIN_CHECK_PATH,
    domainCheckHandler(directory, {
      rootDomain: PLATFORM.rootDomain,
      hasStorePage: (username) => hasStorePage(database.db, username),
    }),
  );
  app.use(edge.middleware);
  app.use((req, res) => {
    // As the app's routes would: a page may refresh the session cookie; on a custom domain it must not reach the browser.
    if (req.originalUrl.endsWith("/posts")) {
      res.append("set-cookie", "better-auth.session_token=x; Path=/; HttpOnly");
      res.append("set-cookie", "lang=en; Path=/; Domain=.localhost");
    }
    const custom = res.locals.customDomain as { username: string } | undefined;
    res.setHeader("cache-control", "public, max-age=0, must-revalidate");
    res
      .status(200)
      .type("html")
      .send(
        `<p>path=${req.originalUrl} custom=${custom?.username ?? "-"} cookie=${req.headers.cookie ?? "-"}</p>`,
      );
  });
  server = createServer((req, res) => {
    if (!edge.fastPath(req, res)) app(req, res);
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  await verify(a.storeId, domainA);
});

afterAll(async () => {
  server?.close();
  await dns?.close();
  await versions?.stop();
  await database?.close();
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

function get(
  host: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path, method, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    })
      .on("error", reject)
      .end();
  });
}

describe("a verified domain", () => {
  it("serves its store's page at / and the store's sub-paths under it", async () => {
    for (const [path, served] of [
      ["/", `/${a.username}`],
      ["/?q=leb", `/${a.username}?q=leb`],
      ["/prices", `/${a.username}/prices`],
      ["/prices.csv", `/${a.username}/prices.csv`],
      ["/prices/2026-11-26.json", `/${a.username}/prices/2026-11-26.json`],
      ["/price-list.pdf", `/${a.username}/price-list.pdf`],
      ["/posts", `/${a.username}/posts`],
      ["/centar", `/${a.username}/centar`],
      ["/centar/prices.csv", `/${a.username}/centar/prices.csv`],
      // The store's own links, and the page's assets, as they are.
      [`/${a.username}/prices`, `/${a.username}/prices`],
      ["/assets/entry.js", "/assets/entry.js"],
    ] as const) {
      const answer = await get(domainA, path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain(`path=${served} custom=${a.username}`);
    }
  });

  it("answers 404 for the dashboard, sign-in, admin, API and onboarding", async () => {
    for (const path of [
      "/dashboard",
      "/dashboard/settings/store",
      "/auth/login",
      "/api/_auth/session",
      "/api/auth/sign-in/email",
      "/api/v1/products",
      "/admin",
      "/onboarding",
      DOMAIN_CHECK_PATH,
    ]) {
      const answer = await get(domainA, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toBe("Not Found");
    }
    // A landing-page path is the store's (its point-of-sale route answers 404 for an unknown slug), never the landing page.
    expect((await get(domainA, "/login")).body).toContain(`path=/${a.username}/login custom=${a.username}`);
  });

  it("never sets or reads a session cookie; the language cookie stays", async () => {
    const answer = await get(domainA, "/posts", { cookie: "better-auth.session_token=stolen; lang=sq" });
    expect(answer.headers["set-cookie"]).toEqual(["lang=en; Path=/"]);
    expect(answer.body).toContain("cookie=lang=sq</p>");
  });

  it("keys its cached page by host: the platform's page and the domain's are separate entries", async () => {
    const first = await get(domainA, "/?page=7");
    const second = await get(domainA, "/?page=7");
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toContain(`custom=${a.username}`);
    // B's page on the platform host is B's own entry, never A's domain's.
    const platformB = await get("localhost:3000", `/${b.username}`);
    expect(platformB.body).toContain(`path=/${b.username} custom=-`);
    expect(cache.keys().filter((key) => key.includes("?page=7"))).toEqual([
      expect.stringMatching(new RegExp(`^${domainA.replaceAll(".", "\\.")}\\|${a.username}\\|`)),
    ]);
    expect(cache.keys()).toContainEqual(expect.stringMatching(new RegExp(`^${b.username}\\|`)));
  });
});

describe("the platform's hosts", () => {
  it("send a store with a verified domain there with 301, from /{username} and from its subdomain", async () => {
    for (const [host, path, location] of [
      ["localhost:3000", `/${a.username}`, `http://${domainA}/`],
      ["localhost:3000", `/${a.username}/prices.csv?x=1`, `http://${domainA}/prices.csv?x=1`],
      ["localhost:3000", `/${a.username}/centar`, `http://${domainA}/centar`],
      [`${a.username}.localhost:3000`, "/", `http://${domainA}/`],
      [`${a.username}.localhost:3000`, `/${a.username}/posts`, `http://${domainA}/posts`],
    ] as const) {
      const answer = await get(host, path);
      expect(answer.status, `${host}${path}`).toBe(301);
      expect(answer.headers.location, `${host}${path}`).toBe(location);
    }
    // A store without a domain is served where it is.
    expect((await get("localhost:3000", `/${b.username}`)).status).toBe(200);
    // A form post is not redirected.
    expect((await get("localhost:3000", `/${a.username}`, {}, "POST")).status).toBe(200);
  });

  it("serve loopback and BASE_URL's host; any other host is a plain 404, never a store or the landing page", async () => {
    expect((await get("127.0.0.1:3000", "/")).body).toContain("path=/ custom=-");
    for (const [host, path] of [
      ["evil.example", "/"],
      ["evil.example", `/${a.username}`],
      ["evil.example", `/${b.username}`],
      [`x.${domainA}`, "/"],
      ["203.0.113.7", "/"],
    ] as const) {
      const answer = await get(host, path);
      expect(answer.status, `${host}${path}`).toBe(404);
      expect(answer.body).toBe("Not Found");
    }
  });
});

describe("the certificate front's ask endpoint", () => {
  it("answers 200 only for a verified domain", async () => {
    expect((await get("localhost:3000", `${DOMAIN_CHECK_PATH}?domain=${domainA}`)).status).toBe(200);
    expect(
      (await get("localhost:3000", `${DOMAIN_CHECK_PATH}?domain=${domainA.toUpperCase()}.`)).status,
    ).toBe(200);
    for (const asked of ["evil.example", `x.${domainA}`, "localhost", ""]) {
      expect((await get("localhost:3000", `${DOMAIN_CHECK_PATH}?domain=${asked}`)).status, asked).toBe(404);
    }
    expect((await get("localhost:3000", DOMAIN_CHECK_PATH)).status).toBe(404);
  });
});

describe("the certificate front's ask endpoint, for the stores' subdomains", () => {
  it("answers 200 for the subdomain of a store that has a page, 404 for one in onboarding, unknown or nested", async () => {
    const onboarding = await createTestStore(database, { onboardingStep: 1 });
    const unpaid = await createTestStore(database, { active: false });
    const ask = async (name: string) =>
      (await get("localhost:3000", `${DOMAIN_CHECK_PATH}?domain=${name}`)).status;
    expect(await ask(`${b.username}.localhost`)).toBe(200);
    expect(await ask(`${b.username.toUpperCase()}.LOCALHOST.`)).toBe(200);
    // An unpaid store's subdomain still shows its inactive notice, so it needs its certificate.
    expect(await ask(`${unpaid.username}.localhost`)).toBe(200);
    for (const name of [
      `${onboarding.username}.localhost`,
      "no-such-store.localhost",
      `x.${b.username}.localhost`,
      `${b.username}.localhost.evil.example`,
      `${b.username}.evil.example`,
      "dashboard.localhost",
      "localhost",
    ]) {
      expect(await ask(name), name).toBe(404);
    }
  });
});

describe("the probes and metrics", () => {
  it("answer on the platform's hosts, an address and an internal name; 404 on a store's domain and a stranger's host", async () => {
    for (const host of [
      "localhost:3000",
      "127.0.0.1:3000",
      "[::1]:3000",
      "10.0.0.5:3000",
      "vitrina-1:3000",
    ]) {
      const health = await get(host, "/healthz");
      expect(health.status, host).toBe(200);
      expect(JSON.parse(health.body), host).toEqual({ status: "ok" });
      expect((await get(host, "/readyz")).status, host).toBe(200);
      const metrics = await get(host, "/metrics", { authorization: `Bearer ${METRICS_TOKEN}` });
      expect(metrics.status, host).toBe(200);
    }
    for (const host of [domainA, "evil.example", `${domainA}:443`]) {
      for (const path of ["/healthz", "/readyz", "/metrics", "/healthz?x=1"]) {
        const answer = await get(host, path, { authorization: `Bearer ${METRICS_TOKEN}` });
        expect(answer.status, `${host}${path}`).toBe(404);
        expect(answer.body, `${host}${path}`).toBe("Not Found");
      }
    }
  });
});

describe("the search engines' files on a verified domain", () => {
  it("are served there (the routes make them the store's own), not the 404 of the application's paths", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml"]) {
      const answer = await get(domainA, path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain(`path=${path} custom=${a.username}`);
    }
    // Anything below them is the store's own path.
    expect((await get(domainA, "/sitemap.xml/x")).body).toContain(`path=/${a.username}/sitemap.xml/x`);
  });
});

describe("across stores", () => {
  it("a domain verified for A never serves B, also after A removes it and B proves it", async () => {
    const domain = `shared.${b.username}.mk`;
    await verify(a.storeId, domain);
    expect((await get(domain, "/")).body).toContain(`custom=${a.username}`);
    // B names the same domain: refused while A holds it, and A's domain still serves A.
    await expect(claimDomain(database.db, b.storeId, domain, PLATFORM)).rejects.toMatchObject({
      code: "domainTaken",
    });
    // A path naming B on A's domain is A's sub-path, never B's page.
    expect((await get(domain, `/${b.username}`)).body).toContain(
      `path=/${a.username}/${b.username} custom=${a.username}`,
    );

    await removeDomain(database.db, a.storeId);
    await directory.reload();
    expect((await get(domain, "/")).status).toBe(404);
    expect((await get("localhost:3000", `${DOMAIN_CHECK_PATH}?domain=${domain}`)).status).toBe(404);
    expect((await get("localhost:3000", `/${a.username}`)).status).toBe(200);

    await verify(b.storeId, domain);
    const served = await get(domain, "/");
    expect(served.body).toContain(`path=/${b.username} custom=${b.username}`);
    expect(served.body).not.toContain(a.username);
    expect((await get("localhost:3000", `/${b.username}`)).headers.location).toBe(`http://${domain}/`);
  });
});

describe("host rules", () => {
  it("tell the platform's hosts from any other", () => {
    for (const host of ["localhost", "demo.localhost", "127.0.0.1", "::1"])
      expect(isPlatformHost(host, PLATFORM), host).toBe(true);
    const prod = { rootDomain: "vitrina.mk", baseUrl: "https://app.vitrina.example" };
    for (const host of ["vitrina.mk", "demo.vitrina.mk", "app.vitrina.example", "localhost"])
      expect(isPlatformHost(host, prod), host).toBe(true);
    for (const host of ["evil.mk", "vitrina.mk.evil.mk", "xvitrina.mk", "10.0.0.1"])
      expect(isPlatformHost(host, prod), host).toBe(false);
  });

  it("never put a host taken from the path into a Location", () => {
    const domainOf = (username: string) => (username === "demo" ? "ceni.demo.mk" : undefined);
    const at = (path: string) =>
      customDomainRedirect(
        { method: "GET", hostname: "vitrina.mk", path, search: "", rootDomain: "vitrina.mk", https: true },
        domainOf,
      );
    expect(at("/demo")).toBe("https://ceni.demo.mk/");
    expect(at("//demo/x")).toBe("https://ceni.demo.mk/x");
    expect(at("/demo.data")).toBeNull();
    for (const path of ["/evil.example%2F", "/dashboard", "/a@evil.example", "/other"])
      expect(at(path), path).toBeNull();
    expect(customDomainRoute("//evil.example/x", "", "demo")).toEqual({
      action: "rewrite",
      url: "/demo/evil.example/x",
    });
  });
});

describe("the embeddable list (decision 0136)", () => {
  it("is /embed on a verified domain, and the platform's /{username}/embed moves there but for the settings preview", async () => {
    // A store of its own: the tests above move store A's domain to B.
    const c = await createTestStore(database);
    const domainC = `ceni.${c.username}.mk`;
    await verify(c.storeId, domainC);
    const framed = await get(domainC, "/embed?q=x");
    expect(framed.status).toBe(200);
    expect(framed.body).toContain(`path=/${c.username}/embed?q=x custom=${c.username}`);
    // Its own links name /{username}/embed: served on the domain as they are.
    expect((await get(domainC, `/${c.username}/embed?page=2`)).body).toContain(
      `path=/${c.username}/embed?page=2 custom=${c.username}`,
    );
    const moved = await get("localhost", `/${c.username}/embed`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`http://${domainC}/embed`);
    // The preview in Settings → Store is framed by the platform's page: it stays on the platform's origin.
    const preview = await get("localhost", `/${c.username}/embed?preview=1`);
    expect(preview.status).toBe(200);
    expect(preview.body).toContain(`path=/${c.username}/embed?preview=1 custom=-`);
  });
});
