import { startClockServer, stopClockServer } from "../support/e2e-clock-server";
import { E2E_PORT } from "../support/e2e-env";
import { expect, test } from "../support/e2e-fixtures";
import { type RawRequest, rawRequest } from "../support/raw-http";

// The server's doors (decision 0021) replayed against the real server with plain HTTP, as the review
// did (docs/security.md). Node's http client, so that Host, Origin and bodies are sent as written.

// E2E_PORT + 3/4 are demo-morning.spec.ts's servers, + 5 the fake Google, + 7/8 compliance.spec.ts's.
const MALFORMED_PORT = E2E_PORT + 6;

/** A request to the suite's server, on its root host unless told otherwise. */
const raw = (options: RawRequest) => rawRequest(E2E_PORT, options);

test("a store subdomain never redirects to a host taken from the path (item 4)", async () => {
  const host = `demo.localhost:${E2E_PORT}`;
  for (const path of [
    "/evil.example%2F",
    "/evil.example%2F%2Fx",
    "/%2F%2Fevil.example",
    "/evil.example%5C",
    "/a@evil.example",
    "/a%40evil.example/x",
    "/%E2%80%AEevil.example",
    "/%EF%BD%85vil.example",
  ]) {
    const answer = await raw({ path, headers: { host } });
    expect(answer.location ?? "", path).not.toMatch(/evil/);
    expect(answer.status, path).toBeLessThan(500);
  }
  // Another store's well-formed name still goes to that store's host.
  expect((await raw({ path: "/other-store/x", headers: { host } })).location).toBe(
    `http://other-store.localhost:${E2E_PORT}/other-store/x`,
  );
});

test("the language switcher returns only to this site (item 12)", async () => {
  const post = (redirectTo: string) =>
    raw({
      method: "POST",
      path: "/api/locale",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ locale: "en", redirectTo }).toString(),
    });
  expect((await post("/\\evil.example")).location).toBe("/");
  expect((await post("//evil.example")).location).toBe("/");
  expect((await post("/demo?q=x")).location).toBe("/demo?q=x");
});

test("malformed headers, queries and bodies never answer 500 (item 16)", async () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const cases: Parameters<typeof raw>[0][] = [
    { method: "POST", path: "/api/locale", headers: { ...form, origin: "http://[bad" }, body: "locale=en" },
    { method: "POST", path: "/demo", headers: { ...form, origin: "::::" }, body: "x=1" },
    { path: "/demo", headers: { host: "[bad" } },
    { path: "/demo", headers: { host: "demo.localhost:99999999" } },
    { path: "/", headers: { host: "..localhost" } },
    { path: "/demo", headers: { cookie: "lang=%ZZ; better-auth.session_token=%ZZ" } },
    { path: "/dashboard", headers: { cookie: "===;;;" } },
    { path: "/demo", headers: { "accept-language": ";;;,,,*;q=abc" } },
    { path: "/demo?page=%ZZ" },
    { path: "/demo?q[]=x&page[]=2&sort[$gt]=1" },
    { path: "/demo?q=%ZZ&category=%00" },
    { path: "/%ZZ" },
    { path: "/demo/prices/%ZZ" },
    { path: "/demo.data?_routes=%ZZ" },
    { path: "/uploads/..%2f..%2fsecret" },
    { path: `/demo?q=${"x".repeat(60_000)}` },
    { path: `/${"x".repeat(7_000)}` },
    { path: "/api/username-availability?username[]=x" },
    { path: "/api/address-suggestions?q=%ZZ" },
    { method: "POST", path: "/demo?index", headers: { "content-type": "multipart/form-data" }, body: "junk" },
    {
      method: "POST",
      path: "/demo",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "junk",
    },
    { method: "POST", path: "/demo", headers: { "content-type": "text/plain" }, body: "junk" },
    {
      method: "POST",
      path: "/auth/login",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "junk",
    },
    { method: "PUT", path: "/demo" },
    { method: "DELETE", path: "/demo" },
    { method: "PATCH", path: "/api/locale" },
  ];
  for (const request of cases) {
    const label = `${request.method ?? "GET"} ${request.path.slice(0, 60)} ${JSON.stringify(request.headers ?? {})}`;
    expect((await raw(request)).status, label).toBeLessThan(500);
  }
});

test("a malformed path answers 400 (or 403/404) and the server logs nothing for it", async () => {
  test.setTimeout(120_000);
  // A server of its own, whose output the test can read (the suite's server's goes to the runner).
  const server = await startClockServer("2026-11-20T10:30:00Z", MALFORMED_PORT);
  try {
    for (const [host, path, status] of [
      ["localhost", "/%ZZ", 400],
      ["localhost", "/demo%ZZ", 400],
      ["localhost", "/demo/%ZZ", 400],
      ["localhost", "/demo/prices/%ZZ", 400],
      ["localhost", "/dashboard/%ZZ", 400],
      ["localhost", "/%E0%A4%A", 400],
      ["demo.localhost", "/%ZZ", 400],
      // An encoded slash is refused at the door (decision 0121), before the static files' 403.
      ["localhost", "/uploads/..%2f..%2fsecret", 400],
      ["localhost", "/uploads/no-such-image.webp", 404],
    ] as const) {
      const answer = await rawRequest(MALFORMED_PORT, {
        path,
        headers: { host: `${host}:${MALFORMED_PORT}` },
      });
      expect(answer.status, `${host}${path}`).toBe(status);
    }
    // A log line is written as its request is answered; a moment for the pipe to deliver it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.output()).not.toMatch(/could not be decoded|malformed URL|Error/i);
  } finally {
    stopClockServer(server);
  }
});

test("a 250 MB streamed post to the public report action is refused with 413 at once (item 6)", async () => {
  const answer = await raw({
    method: "POST",
    path: "/demo",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    stream: { chunkSize: 64 * 1024, chunks: 4000 },
  });
  // 413, or the connection cut off before the 413 could be read: either way the body was refused.
  expect([413, 0]).toContain(answer.status);
  expect(answer.ms).toBeLessThan(3000);
  // The server stopped reading near the 1 MiB limit; the rest never left the client's buffers.
  expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  const declared = await raw({
    method: "POST",
    path: "/demo",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(250 * 1024 * 1024),
    },
    body: "",
  });
  expect(declared.status).toBe(413);
});

test("made-up asset names fall through, real scripts stay precompressed (item 5)", async ({ request }) => {
  // A hydrated page's script (the store page has none since decision 0128).
  const html = await (await request.get("/auth/login")).text();
  const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(script).toBeTruthy();
  for (let i = 0; i < 300; i++) {
    expect((await raw({ path: `/assets/junk-${i}.js`, headers: { "accept-encoding": "br" } })).status).toBe(
      404,
    );
  }
  const real = await raw({ path: script!, headers: { "accept-encoding": "gzip, br" } });
  expect(real.status).toBe(200);
  expect(real.encoding).toBe("br");
  expect(real.ms).toBeLessThan(200);
});
