import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../support/e2e-fixtures";

// The app shell (decisions 0053, 0054, 0055, 0079).

/** The build id the server answers (react-router.config.ts writes it; server/build-id.ts reads it). */
const BUILD_FILE = path.resolve("build/client/builds/latest.json");

test.describe("new build detection", () => {
  test.use({ signedInAs: "owner", lang: "en" });

  test("an open dashboard offers a reload once the server runs another build", async ({ page }) => {
    const deployed = readFileSync(BUILD_FILE, "utf8");
    const asks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/builds/latest.json")) asks.push(request.url());
    });
    try {
      // The page's timers run on a clock the test can move: the five-minute poll comes at once.
      await page.clock.install();
      await page.goto("/dashboard/products");
      const banner = page.getByRole("status").filter({ hasText: "A new version is available" });
      // The same build: coming back to the tab asks, and nothing is offered.
      // (The bar's code loads after hydration: focus until it listens.)
      await expect
        .poll(async () => {
          await page.evaluate(() => window.dispatchEvent(new Event("focus")));
          return asks.length;
        })
        .toBe(1);
      await page.waitForLoadState("networkidle");
      await expect(banner).toBeHidden();

      // A deploy writes another build while the page stays open.
      writeFileSync(BUILD_FILE, `${JSON.stringify({ id: "e2e-next-build" })}\n`);
      await page.clock.fastForward("05:01");
      await expect(banner).toBeVisible();
      // Every ask is a new address: no cache on the way can answer it.
      expect(asks.every((url) => /\/builds\/latest\.json\?t=\d+$/.test(url))).toBe(true);
      const answer = await page.request.get(`/builds/latest.json?t=${Date.now()}`);
      expect(answer.headers()["cache-control"]).toBe("no-store");

      // Reload loads the page again (here the same build is still running, so it is offered again
      // on the next ask; after a real deploy the new page's build is the latest).
      const reloaded = page.waitForEvent("framenavigated");
      await banner.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    } finally {
      writeFileSync(BUILD_FILE, deployed);
    }
  });
});

test.describe("the build's route rule manifest", () => {
  test.use({ signedInAs: "owner", lang: "en" });

  test("a page asks for its own build's manifest a second after it starts, and the rules name its path", async ({
    page,
  }) => {
    const asked = page.waitForRequest((request) => request.url().includes("/builds/meta/"));
    await page.goto("/dashboard/products");
    const request = await asked;
    const pageBuild = await page.evaluate(() => window.__reactRouterManifest?.version);
    expect(new URL(request.url()).pathname).toBe(`/builds/meta/${pageBuild}.json`);
    // Delayed 1,000 ms, so it never competes with the page's own requests.
    const startedAt = await page.evaluate(
      (url) => performance.getEntriesByName(url)[0]?.startTime ?? -1,
      request.url(),
    );
    expect(startedAt).toBeGreaterThanOrEqual(1_000);
    const answer = await request.response();
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const manifest = (await answer?.json()) as { id: string; routeRules: Record<string, unknown> };
    expect(manifest.id).toBe(pageBuild);
    expect(manifest.routeRules["/dashboard/**"]).toEqual({ access: "owner", buildCheck: true });
    // A build the server does not have (the page would be from an older one).
    expect((await page.request.get("/builds/meta/0ld0b01d.json")).status()).toBe(404);
  });
});

test.describe("a page whose build is no longer deployed (the manifest answers 404)", () => {
  test.use({ signedInAs: "owner" });

  test("the page learns it a second after it starts, offers the new version, and the reload brings the deployed build", async ({
    page,
    consoleGuard,
  }) => {
    const pageBuild = await (async () => {
      const latest = await page.request.get(`/builds/latest.json?t=${Date.now()}`);
      return ((await latest.json()) as { id: string }).id;
    })();
    // A deploy replaced the build this page came from: the server now has no manifest for it. The
    // page asks for its own build's manifest; here that ask reaches the running server as the ask
    // of a build it never had, so the 404 is the server's own answer.
    const ownManifest = `**/builds/meta/${pageBuild}.json`;
    const answers: number[] = [];
    await page.route(ownManifest, async (route) => {
      const response = await route.fetch({ url: route.request().url().replace(pageBuild, "0ld0b01d") });
      answers.push(response.status());
      await route.fulfill({ response });
    });
    consoleGuard.allowHttpError(`/builds/meta/${pageBuild}.json`, 404);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        documents.push(new URL(request.url()).pathname);
      }
    });

    await page.goto("/dashboard/products");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.__reactRouterManifest?.version)).toBe(pageBuild);
    // No poll, no focus: the manifest's 404 alone shows the bar (it is asked 1 s after start).
    const banner = page.getByRole("status").filter({ hasText: "Достапна е нова верзија" });
    await expect(banner).toBeVisible();
    expect(answers).toEqual([404]);

    // The reload loads the page from the server, which now renders it with the deployed build: its
    // manifest is there, and no bar is offered.
    await page.unroute(ownManifest);
    const manifestAgain = page.waitForResponse((response) => response.url().includes("/builds/meta/"));
    await banner.getByRole("button", { name: "Вчитај повторно" }).click();
    expect((await manifestAgain).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(documents).toEqual(["/dashboard/products", "/dashboard/products"]);
    await page.waitForTimeout(500);
    await expect(banner).toBeHidden();
  });
});

/** The file of a route's module in the running build, from its browser manifest. */
function routeChunk(routeId: string): string {
  const assets = path.resolve("build/client/assets");
  const manifestFile = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error("no browser manifest in build/client/assets");
  const text = readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    routes: Record<string, { module: string }>;
  };
  const module = manifest.routes[routeId]?.module;
  if (!module) throw new Error(`route ${routeId} is not in ${manifestFile}`);
  return module;
}

/** Moves a chunk and its precompressed copies away, as a deploy that removed it; returns the undo. */
function removeChunk(urlPath: string): () => void {
  const file = path.resolve("build/client", urlPath.replace(/^\//, ""));
  const moved = [file, `${file}.br`, `${file}.gz`].filter((name) => existsSync(name));
  for (const name of moved) renameSync(name, `${name}.gone`);
  return () => {
    for (const name of moved) renameSync(`${name}.gone`, name);
  };
}

test.describe("a script chunk missing after a deploy", () => {
  test.use({ signedInAs: "owner", lang: "en" });

  test("a client navigation to its route loads that page once, then shows the error page: no loop", async ({
    page,
    consoleGuard,
  }) => {
    const chunk = routeChunk("routes/dashboard/categories");
    consoleGuard.allowHttpError(chunk, 404);
    // React Router says what failed before the guard takes over.
    consoleGuard.allowMessage(/^Error loading route module `\/assets\/categories-[\w-]+\.js`/);
    consoleGuard.allowMessage(/Failed to fetch dynamically imported module/);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        documents.push(new URL(request.url()).pathname);
      }
    });

    await page.goto("/dashboard/products");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const restore = removeChunk(chunk);
    try {
      await page.getByRole("link", { name: "Categories" }).first().click();
      // The guard loads the route's own address once (the new build's page, after a real deploy);
      // here the chunk is still missing, so that page says so instead of reloading again.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "This page could not be loaded completely",
      );
      await expect(page).toHaveURL(/\/dashboard\/categories$/);
      await page.waitForTimeout(3_000);
      expect(documents).toEqual(["/dashboard/products", "/dashboard/categories"]);
    } finally {
      restore();
    }
    // The chunk is back: the page's reload link loads it.
    await page.getByRole("link", { name: "Reload the page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
    expect(documents).toEqual(["/dashboard/products", "/dashboard/categories", "/dashboard/categories"]);
  });
});

test.describe("a lazily loaded chunk missing after a deploy", () => {
  test.use({ signedInAs: "owner", lang: "en" });

  test("the page reloads once (vite:preloadError), then works on without that part: no loop", async ({
    page,
    consoleGuard,
  }) => {
    // The new-version bar is imported lazily on every signed-in page, after hydration.
    const name = readdirSync(path.resolve("build/client/assets")).find((file) =>
      /^new-build-banner-[\w-]+\.js$/.test(file),
    );
    expect(name).toBeDefined();
    const chunk = `/assets/${name}`;
    consoleGuard.allowHttpError(chunk, 404);
    consoleGuard.allowMessage(/Failed to fetch dynamically imported module/);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        documents.push(new URL(request.url()).pathname);
      }
    });
    const restore = removeChunk(chunk);
    try {
      await page.goto("/dashboard/products");
      await expect.poll(() => documents.length).toBe(2);
      await page.waitForTimeout(3_000);
      expect(documents).toEqual(["/dashboard/products", "/dashboard/products"]);
      // The page itself still works: a client navigation.
      await page.getByRole("link", { name: "Categories" }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
      expect(documents).toHaveLength(2);
    } finally {
      restore();
    }
  });
});

test.describe("session refresh on a cached page", () => {
  test.use({ signedInAs: "owner", lang: "en" });

  test("a signed-in visitor gets the store page everyone gets, and its header then shows the signed-in state", async ({
    page,
    newVisitor,
  }) => {
    const visitor = await newVisitor({ lang: "en" });
    // The same bytes and cache headers, whoever asks (the page cache serves both).
    const signedOut = await visitor.request.get("/demo");
    const signedIn = await page.request.get("/demo");
    expect(signedIn.status()).toBe(200);
    expect(signedOut.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(signedIn.headers()["cache-control"]).toBe(signedOut.headers()["cache-control"]);
    expect(signedIn.headers()["set-cookie"]).toBeUndefined();
    const html = await signedIn.text();
    expect(html).toBe(await signedOut.text());
    expect(html).not.toContain("example.test");

    // After mount, the header asks who is signed in (GET /api/_auth/session, never cached).
    const asked = page.waitForResponse((response) => response.url().endsWith("/api/_auth/session"));
    await page.goto("/demo");
    expect((await asked).headers()["cache-control"]).toBe("no-store");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard/products",
    );

    await visitor.goto("/demo");
    await expect(visitor.getByTestId("price-stamp")).toBeVisible();
    await visitor.waitForLoadState("networkidle");
    await expect(visitor.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });
});

test.describe("session refresh on the landing page", () => {
  test.use({ signedInAs: "owner", lang: "en" });

  test("its HTML is the same for everyone; after mount a signed-in visitor's header offers the dashboard", async ({
    page,
    newVisitor,
  }) => {
    const visitor = await newVisitor({ lang: "en" });
    // Rendered per request (no cache yet), so only the CSP nonce may differ.
    const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, "");
    const signedOut = await visitor.request.get("/");
    const signedIn = await page.request.get("/");
    expect(signedIn.status()).toBe(200);
    expect(signedIn.headers()["set-cookie"]).toBeUndefined();
    expect(signedIn.headers()["cache-control"]).toBe(signedOut.headers()["cache-control"]);
    const html = withoutNonce(await signedIn.text());
    expect(html).toBe(withoutNonce(await signedOut.text()));
    expect(html).not.toContain("example.test");

    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
    await visitor.goto("/");
    await visitor.waitForLoadState("networkidle");
    await expect(visitor.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });
});

test.describe("toasts", () => {
  test.use({ signedInAs: "owner", lang: "en" });

  test("top centre, at most 3 at once, each closes after 4 seconds", async ({ page, consoleGuard }) => {
    const exportPath = "/dashboard/activity/export";
    consoleGuard.allowHttpError(exportPath, 404);
    consoleGuard.allowHttpError(exportPath, 422);
    await page.clock.install();
    // A filter nothing matches: every Export answers 'No data to export' as a toast.
    await page.goto("/dashboard/activity?q=nothing-matches-this-e2e");
    const toasts = page.locator("[data-sonner-toast]");
    const exportButton = page.getByRole("link", { name: "Export" });
    for (let shown = 1; shown <= 5; shown++) {
      await exportButton.click();
      // Sonner keeps the ones past the third in the page, hidden.
      await expect(toasts).toHaveCount(shown);
    }
    const toaster = page.locator("[data-sonner-toaster]");
    await expect(toaster).toHaveAttribute("data-y-position", "top");
    await expect(toaster).toHaveAttribute("data-x-position", "center");
    await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(3);
    await expect(page.getByText("No data to export").first()).toBeVisible();

    await page.clock.fastForward(3_500);
    await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(3);
    await page.clock.fastForward(2_000);
    await expect(toasts).toHaveCount(0);
  });
});
