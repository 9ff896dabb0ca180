import { E2E_BASE_URL } from "../support/e2e-env";
import { expect, test } from "../support/e2e-fixtures";
import { expectClientNavigation, waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// The navigation rules, through real page loads (server) and through clicks on links (client-side
// navigation, which fetches `{path}.data` and must obey the same rules). Where each path is sent,
// for its page and its `.data` request, is held by app/navigation/navigation-middleware.test.ts;
// here each rule is followed once by the browser to the page it lands on (decision 0123).

const mk = TEXTS.mk;
const path = (url: string) => new URL(url).pathname;

test.describe("signed out", () => {
  test("/, /auth/login, /auth/register and a store page /demo are open", async ({ request }) => {
    for (const allowed of ["/", "/auth/login", "/auth/register", "/demo"]) {
      await test.step(allowed, async () => {
        const answer = await request.get(allowed);
        expect(answer.status()).toBe(200);
        expect(path(answer.url())).toBe(allowed);
      });
    }
  });

  test("/auth/verify-otp is let through by the rules; its own guard needs a pending code", async ({
    page,
  }) => {
    // Without a code flow the one-time-code guard returns to the start of that flow.
    await page.goto("/auth/verify-otp");
    expect(`${path(page.url())}${new URL(page.url()).search}`).toBe("/auth/login?mode=code");
    // With a code requested, the page opens signed out.
    await page.goto("/auth/login?mode=code");
    await page.getByLabel(mk.register.email, { exact: true }).fill(`nav-${Date.now()}@example.test`);
    await page.getByRole("button", { name: "Испрати код" }).click();
    await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  });

  test("pages and files of later issues are not sent to the login page", async ({ request }) => {
    // Account recovery, a store's public files, robots.txt and sitemap.xml stay reachable.
    for (const open of [
      "/auth/forgot-password",
      "/auth/login-simple-password",
      "/demo/prices",
      "/demo/prices.csv",
      "/demo/price-list.pdf",
      "/robots.txt",
      "/sitemap.xml",
    ]) {
      await test.step(open, async () => {
        const answer = await request.get(open, { maxRedirects: 0 });
        expect(answer.headers().location).toBeUndefined();
        expect(answer.status()).not.toBe(500);
      });
    }
    // The reset-password guard sends a visitor with no reset pending to its start.
    const reset = await request.get("/auth/reset-password", { maxRedirects: 0 });
    expect(reset.headers().location).toBe("/auth/forgot-password");
  });

  test("/auth/logout is open: it shows the log-out button (a GET signs nobody out)", async ({ page }) => {
    await page.goto("/auth/logout");
    expect(page.url()).toBe(`${E2E_BASE_URL}/auth/logout`);
    await expect(page.getByRole("button")).toHaveCount(1);
  });

  test("every other page → /auth/login", async ({ page, request }) => {
    for (const guarded of [
      "/dashboard/products",
      "/dashboard/products/new",
      "/dashboard",
      "/onboarding",
      "/dashboard/some/deep/path",
      "/auth/not-a-page",
    ]) {
      await test.step(guarded, async () => {
        const answer = await request.get(guarded, { maxRedirects: 0 });
        expect(answer.status()).toBe(302);
        expect(answer.headers().location).toBe("/auth/login");
      });
    }
    // The browser follows the redirect to the login page (the same for every path above).
    await page.goto("/dashboard/products/new");
    expect(path(page.url())).toBe("/auth/login");
    await expect(page.getByRole("heading", { level: 1, name: mk.login.heading })).toBeVisible();
  });

  test("a store's unknown point of sale answers 404, not the login page", async ({ request }) => {
    const answer = await request.get("/demo/not-a-point-of-sale", { maxRedirects: 0 });
    expect(answer.status()).toBe(404);
  });

  test("encoded or malformed paths under a store answer the 404 page, or 400 for an encoded slash", async ({
    page,
    request,
    consoleGuard,
  }) => {
    // An encoded slash is refused at the door (decision 0121): 400 and the translated page.
    for (const odd of ["/demo/%2Fprices", "/demo/a%2Fb", "/demo/..%2Fadmin"]) {
      await test.step(odd, async () => {
        const answer = await request.get(odd, { maxRedirects: 0 });
        expect(answer.status()).toBe(400);
        consoleGuard.allowHttpError(decodeURIComponent(odd), 400);
        const response = await page.goto(odd);
        expect(response?.status()).toBe(400);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          "Адресата или формуларот не може да се прочита",
        );
      });
    }
    for (const odd of ["/demo/x/y/z", "/some/deep/path"]) {
      await test.step(odd, async () => {
        const answer = await request.get(odd, { maxRedirects: 0 });
        expect(answer.status()).toBe(404);
        // The guard compares decoded paths.
        consoleGuard.allowNotFound(decodeURIComponent(odd));
        const response = await page.goto(odd);
        expect(response?.status()).toBe(404);
        expect(path(page.url())).toBe(odd);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(mk.notFound(odd));
      });
    }
  });

  test("/api/_auth/session answers {}", async ({ request }) => {
    const answer = await request.get("/api/_auth/session");
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({});
  });

  // Decision 0097: the landing page has no scripts, so its links load their page; from there on the
  // links navigate on the client; and a client navigation back to it loads it as a document.
  test("the landing page's links load their page, which navigates on the client from there", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: mk.landing.login, exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: mk.login.heading })).toBeVisible();
    await waitForHydration(page);
    await expectClientNavigation(page, async () => {
      await page.getByRole("link", { name: mk.login.createLink }).click();
      await expect(page).toHaveURL(/\/auth\/register$/);
      await expect(page.getByRole("heading", { level: 1, name: mk.register.heading })).toBeVisible();
    });
  });

  test("a client-side navigation to a dashboard page after the session ended → /auth/login", async ({
    newVisitor,
    accounts,
  }) => {
    const page = await newVisitor({ account: await accounts.get("owner") });
    await page.goto("/dashboard/products");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: mk.products.heading })).toBeVisible();
    // Signed out elsewhere: the page still shows its links, the server no longer knows the visitor.
    await page.context().clearCookies();
    await expectClientNavigation(page, async () => {
      await page.getByRole("link", { name: mk.products.add }).first().click();
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole("heading", { level: 1, name: mk.login.heading })).toBeVisible();
    });
  });
});

test.describe("signed in, not onboarded", () => {
  test.use({ signedInAs: "newcomer" });

  test("/auth/login and /auth/register → /dashboard/products → /onboarding", async ({ page }) => {
    for (const entry of ["/auth/login", "/auth/register"]) {
      await test.step(entry, async () => {
        const first = await page.request.get(entry, { maxRedirects: 0 });
        expect(first.status()).toBe(302);
        expect(first.headers().location).toBe("/dashboard/products");
      });
    }
    // …and from there to /onboarding, where the browser lands.
    await page.goto("/auth/register");
    expect(path(page.url())).toBe("/onboarding");
    await expect(page.getByRole("heading", { level: 1, name: mk.onboarding.heading })).toBeVisible();
  });

  test("every other page → /onboarding", async ({ page }) => {
    for (const elsewhere of ["/dashboard/products", "/dashboard", "/", "/demo", "/some/deep/path"]) {
      await test.step(elsewhere, async () => {
        const first = await page.request.get(elsewhere, { maxRedirects: 0 });
        expect(first.status()).toBe(302);
        expect(first.headers().location).toBe("/onboarding");
      });
    }
    await page.goto("/some/deep/path");
    expect(path(page.url())).toBe("/onboarding");
    await expect(page.getByRole("heading", { level: 1, name: mk.onboarding.heading })).toBeVisible();
  });

  test("/onboarding stays", async ({ page }) => {
    const response = await page.goto("/onboarding");
    expect(response?.status()).toBe(200);
    expect(path(page.url())).toBe("/onboarding");
  });

  test("/api/_auth/session says not onboarded", async ({ page, account }) => {
    const answer = await page.request.get("/api/_auth/session");
    expect(await answer.json()).toEqual({
      user: { id: expect.any(String), email: account.email, name: expect.any(String), onboarded: false },
    });
  });

  test("the next link from a store page → /onboarding", async ({ newVisitor, accounts }) => {
    const page = await newVisitor();
    await page.goto("/demo");
    await waitForHydration(page);
    // The visitor signs up in another tab; this tab's next click goes through the rules. The store
    // page is a document (decision 0128): its category link loads the next one, which meets them.
    await page.context().addCookies((await accounts.get("newcomer")).storageState.cookies);
    await page.getByRole("navigation", { name: "Категории" }).getByRole("link").nth(1).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole("heading", { level: 1, name: mk.onboarding.heading })).toBeVisible();
  });
});

test.describe("signed in, onboarded", () => {
  test.use({ signedInAs: "owner" });

  test("/auth/login, /auth/register, /onboarding and /dashboard → /dashboard/products", async ({ page }) => {
    for (const entry of ["/auth/login", "/auth/register", "/onboarding", "/dashboard"]) {
      await test.step(entry, async () => {
        const first = await page.request.get(entry, { maxRedirects: 0 });
        expect(first.status()).toBe(302);
        expect(first.headers().location).toBe("/dashboard/products");
      });
    }
    await page.goto("/onboarding");
    expect(path(page.url())).toBe("/dashboard/products");
    await expect(page.getByRole("heading", { level: 1, name: mk.products.heading })).toBeVisible();
  });

  test("/, /demo and the owner's own store page are open", async ({ page, account }) => {
    for (const open of ["/", "/demo"]) {
      const answer = await page.request.get(open);
      expect(answer.status()).toBe(200);
      expect(path(answer.url())).toBe(open);
    }
    const own = `/${account.store?.username}`;
    const response = await page.goto(own);
    expect(response?.status()).toBe(200);
    expect(path(page.url())).toBe(own);
    await expect(page.getByRole("heading", { level: 1, name: account.store?.name })).toBeVisible();
  });

  test("/api/_auth/session says onboarded", async ({ page, account }) => {
    const answer = await page.request.get("/api/_auth/session");
    expect(await answer.json()).toEqual({
      user: { id: expect.any(String), email: account.email, name: expect.any(String), onboarded: true },
    });
  });

  test("a client-side navigation to /auth/register once signed in → /dashboard/products", async ({
    newVisitor,
    account,
  }) => {
    const page = await newVisitor();
    await page.goto("/auth/login");
    await waitForHydration(page);
    // Signed in in another tab meanwhile.
    await page.context().addCookies(account.storageState.cookies);
    await expectClientNavigation(page, async () => {
      await page.getByRole("link", { name: mk.login.createLink }).click();
      await expect(page).toHaveURL(/\/dashboard\/products$/);
      await expect(page.getByRole("heading", { level: 1, name: mk.products.heading })).toBeVisible();
    });
  });

  test("the landing page shows the dashboard link once it knows the session, and it opens the products", async ({
    page,
  }) => {
    await page.goto("/");
    // Decision 0097: the landing page has no scripts; its link loads the dashboard's page.
    await page.getByRole("link", { name: "Контролна табла" }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    await expect(page.getByRole("heading", { level: 1, name: mk.products.heading })).toBeVisible();
  });
});
