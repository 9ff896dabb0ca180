import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PLAN_IDS, PLANS } from "../../app/features/billing/plans";
import { formatMoney } from "../../app/lib/money";
import { E2E_BASE_URL, e2eDataDir } from "../support/e2e-env";
import { apiRequest, expect, test, uniqueEmail } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";
import { messagesTo } from "../support/e2e-mail";
import { DESKTOP, PHONE } from "../support/viewports";

// The landing page as a shop owner sees it, in mk (the default) at 390 and 1366 px: every
// link of the navigation lands on its section or page, the plans show what billing/plans.ts
// configures, the waitlist form stores an entry (the admin sees it) and refuses a bad address, the
// phone menu fits at 360 px in every language, and the walk-through video plays with captions.

const MK = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../app/locales/mk/landing.json"), "utf8"),
) as {
  nav: Record<string, string>;
  waitlist: Record<"email" | "storeName" | "interest" | "submit" | "success", string>;
};
const SECTIONS = { home: "top", why: "why", how: "how", pricing: "pricing", faq: "faq", watchVideo: "video" };
const PAGES = { demoShort: /\/demo$/, login: /\/auth\/login$/, createWebsite: /\/auth\/register$/ };

/** The navigation's links: in the header on a wide screen, in the "Мени" disclosure on a phone. */
async function openNavigation(page: Page) {
  const menu = page.locator("header summary", { hasText: MK.nav.menu });
  if (await menu.isVisible()) {
    await menu.click();
    return page.getByRole("navigation", { name: MK.nav.menu });
  }
  return page.getByRole("navigation", { name: MK.nav.label });
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("every section link of the navigation lands on its section", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      for (const [key, id] of Object.entries(SECTIONS).reverse()) {
        const nav = await openNavigation(page);
        await nav.getByRole("link", { name: MK.nav[key], exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        await expect(page.locator(`#${id}`).getByRole("heading").first()).toBeInViewport();
        // Not hidden under the sticky header.
        const top = await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top);
        const header = await page
          .locator("header")
          .first()
          .evaluate((el) => el.getBoundingClientRect().bottom);
        expect(top, key).toBeGreaterThanOrEqual(header - 1);
        // The phone menu closes once a link in it is followed.
        await expect(page.getByRole("navigation", { name: MK.nav.menu })).toBeHidden();
      }
    });

    test("login, create website and the demo store open their pages", async ({ page }) => {
      for (const [key, url] of Object.entries(PAGES)) {
        await page.goto("/");
        await waitForHydration(page);
        // The header holds them all: login and create website beside the menu or the links.
        await openNavigation(page);
        const link = page.locator("header").getByRole("link", { name: MK.nav[key], exact: true });
        await link.click();
        await expect(page).toHaveURL(url);
      }
    });

    test("the plans show the prices configured in billing/plans.ts", async ({ page }) => {
      await page.goto("/#pricing");
      for (const id of PLAN_IDS) {
        const cents = PLANS[id].priceCents;
        if (cents === null) continue;
        await expect(page.getByTestId(`price-${id}`)).toHaveText(formatMoney(cents, "mk"));
      }
      await expect(page.getByTestId("price-custom")).toHaveText("По договор");
    });

    test("there is no horizontal scroll", async ({ page }) => {
      await page.goto("/");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
    });
  });
}

test("the page breaks no rule of its Content-Security-Policy (no eval probe from a validation library)", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
  await page.goto("/");
  await waitForHydration(page);
  await page.locator("#faq").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});

// Decision 0097 (Lighthouse mobile 100): the page is HTML and CSS only. React Router's scripts were
// 166 KB of JavaScript that delayed its first paint on a slow phone.
test("the page downloads no script file, and a client navigation to it loads it as a document", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const html = await (await page.request.get("/")).text();
  expect(html).not.toMatch(/modulepreload|type="module"|__reactRouterContext/);
  await page.goto("/");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);

  // From a page that hydrates, its link home loads the landing page from the server.
  await page.goto("/terms");
  await waitForHydration(page);
  expect(await page.evaluate(() => Boolean(window.__reactRouterManifest))).toBe(true);
  scripts.length = 0;
  await page.getByRole("banner").getByRole("link", { name: "Витрина" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.locator("html")).toHaveAttribute("data-static", "ready");
  expect(await page.evaluate(() => Boolean(window.__reactRouterManifest))).toBe(false);
});

// The language lives in local storage and in the cookie; without the app's scripts
// (decision 0097) the page's inline script restores it as entry.client.tsx does elsewhere.
test("a language kept in local storage comes back when the cookie is gone", async ({ page, context }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => window.localStorage.setItem("lang", "sq"));
  await context.clearCookies();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "sq");
  await expect(page.getByRole("button", { name: "Shqip", exact: true }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("sq");
});

// Decision 0044: while an admin acts as an owner, every page shows it with a way to stop; on this page
// without scripts (decision 0097) its inline script shows the bar once it knows the session.
test("an admin acting as an owner sees the impersonation bar, and Stop gives the admin's session back with a confirmation", async ({
  page,
  accounts,
}) => {
  const owner = await accounts.get("owner");
  const asOwner = await apiRequest(owner.storageState);
  const ownerId = ((await (await asOwner.get("/api/_auth/session")).json()) as { user: { id: string } }).user
    .id;
  await asOwner.dispose();
  const credentials = readFileSync(path.join(e2eDataDir(), "admin-credentials.txt"), "utf8");
  const adminEmail = credentials.match(/^email: (.+)$/m)![1]!.trim();
  const headers = { Origin: E2E_BASE_URL };
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: adminEmail, password: credentials.match(/^password: (.+)$/m)![1]!.trim() },
    headers,
  });
  expect(signedIn.ok()).toBe(true);
  expect((await page.request.post(`/api/admin/users/${ownerId}/impersonate`, { headers })).ok()).toBe(true);

  await page.goto("/");
  const bar = page.getByRole("status").filter({ hasText: `Дејствувате како ${owner.email}` });
  await expect(bar).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: MK.nav.dashboard })).toBeVisible();
  await bar.getByRole("button", { name: "Прекини" }).click();
  await page.waitForURL(/\/admin\/users$/);
  // The same confirmation as Stop on the dashboard gives.
  await expect(page.getByText("Успешно го прекинавте дејствувањето како корисникот")).toBeVisible();
  const back = (await (await page.request.get("/api/_auth/session")).json()) as {
    user: { email: string };
    impersonator?: unknown;
  };
  expect(back.user.email).toBe(adminEmail);
  expect(back.impersonator).toBeUndefined();
});

// Lighthouse on `/` (decision 0079): the HTML travels compressed, and the poster and the video are
// build assets named by their content, cached for a year (they were cached one hour).
test("the page travels compressed and its poster and video are cached for a year", async ({ request }) => {
  const home = await request.get("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
  expect(home.headers()["content-encoding"]).toBe("br");
  const html = await home.text();
  const media = [...html.matchAll(/(?:poster|src)="(\/assets\/walkthrough[^"]+)"/g)].map(
    (match) => match[1]!,
  );
  expect(media.map((url) => url.split(".").pop()).sort()).toEqual(["mp4", "webm", "webp"]);
  for (const url of media) {
    const answer = await request.head(url);
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()["cache-control"], url).toBe("public, max-age=31536000, immutable");
  }
});

test.describe("the phone menu at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  for (const lang of ["mk", "en", "sq"] as const) {
    test(`fits in ${lang}, open and closed`, async ({ page, context }) => {
      await context.addCookies([{ name: "lang", value: lang, url: E2E_BASE_URL }]);
      await page.goto("/");
      await waitForHydration(page);
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await width()).toBe(360);
      await page.locator("header summary").click();
      const panel = page.locator("header details nav");
      await expect(panel).toBeVisible();
      expect(await width()).toBe(360);
      for (const link of await panel.getByRole("link").all()) {
        const box = (await link.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
    });
  }
});

test.describe("signed in, at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 }, signedInAs: "owner" });

  test("the header still fits once it shows the dashboard, which the menu offers", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-session", "in");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await page.locator("header summary").click();
    await page
      .getByRole("navigation", { name: MK.nav.menu })
      .getByRole("link", { name: MK.nav.dashboard })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
  });
});

test.describe("the waitlist form", () => {
  test.use({ viewport: PHONE });

  test("stores an entry, confirms it by e-mail, and the admin sees it with its interest", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("partner");
    await page.goto("/#partners");
    await waitForHydration(page);
    await page.getByLabel(MK.waitlist.email).fill(email);
    await page.getByLabel(MK.waitlist.storeName).fill("Агенција Витрина Плус");
    await page
      .getByLabel(MK.waitlist.interest)
      .selectOption({ label: "Готов приклучок за мојата каса (POS)" });
    await page.getByRole("button", { name: MK.waitlist.submit }).click();
    await expect(page.getByRole("status")).toHaveText(MK.waitlist.success);
    await expect.poll(() => messagesTo(email).length).toBe(1);
    expect(messagesTo(email)[0]).toContain("Ви благодариме за интересот");

    const credentials = readFileSync(path.join(e2eDataDir(), "admin-credentials.txt"), "utf8");
    const admin = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: DESKTOP });
    const answer = await admin.request.post("/api/auth/sign-in/email", {
      data: {
        email: credentials.match(/^email: (.+)$/m)![1]!.trim(),
        password: credentials.match(/^password: (.+)$/m)![1]!.trim(),
      },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(answer.ok()).toBe(true);
    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin/waitlist?q=${encodeURIComponent(email)}`);
    const row = adminPage.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Агенција Витрина Плус");
    await expect(row).toContainText("Поврзување со POS");
    await admin.close();
  });

  test("works without JavaScript and refuses a bad address with the field's message", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: E2E_BASE_URL,
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByLabel(MK.waitlist.email).fill("not-an-address");
    await page.getByRole("button", { name: MK.waitlist.submit }).click();
    await expect(page.getByText("Внесете важечка е-пошта")).toBeVisible();
    await expect(page.getByLabel(MK.waitlist.email)).toHaveValue("not-an-address");
    const email = uniqueEmail("nojs");
    await page.getByLabel(MK.waitlist.email).fill(email);
    await page.getByRole("button", { name: MK.waitlist.submit }).click();
    await expect(page.getByRole("status")).toHaveText(MK.waitlist.success);
    await expect.poll(() => messagesTo(email).length).toBe(1);
    await context.close();
  });
});

test.describe("the walk-through video", () => {
  test.use({ viewport: PHONE });

  test("plays in the page, served by Vitrina, with captions in the page's language", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto("/");
    await waitForHydration(page);
    const video = page.locator("#video video");
    // Loaded only when played: no media bytes before.
    expect(requests.filter((url) => /walkthrough\.(webm|mp4)/.test(url))).toEqual([]);
    await expect(video).toHaveAttribute("preload", "none");
    await video.scrollIntoViewIfNeeded();
    await video.evaluate((el: HTMLVideoElement) => {
      el.muted = true;
      return el.play();
    });
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => [el.readyState >= 2, el.currentTime > 0.5]))
      .toEqual([true, true]);
    expect(requests.every((url) => url.startsWith(E2E_BASE_URL))).toBe(true);
    const captions = await video.evaluate(async (el: HTMLVideoElement) => {
      const tracks = [...el.querySelectorAll("track")];
      const mk = tracks.find((track) => track.srclang === "mk")!;
      for (let i = 0; i < 50 && mk.readyState !== 2; i++) await new Promise((r) => setTimeout(r, 100));
      return {
        languages: tracks.map((track) => track.srclang),
        showing: [...el.textTracks]
          .filter((track) => track.mode === "showing")
          .map((track) => track.language),
        first: mk.track.cues?.[0] ? (mk.track.cues[0] as VTTCue).text : null,
      };
    });
    expect(captions.languages).toEqual(["mk", "en", "sq"]);
    expect(captions.showing).toEqual(["mk"]);
    expect(captions.first).toContain("Член 15-а");
  });
});
