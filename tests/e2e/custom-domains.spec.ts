import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import dns2 from "dns2";
import { E2E_BASE_URL, E2E_DNS_PORT } from "../support/e2e-env";
import { expect, test, uniqueEmail } from "../support/e2e-fixtures";
import { onboard, signUp, waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// Decision 0133, end to end: an owner adds a domain in Settings → Store, publishes the TXT record
// (a DNS server on loopback, the app's DNS_SERVERS), checks it, and the store is then served on the
// domain's Host; its platform address answers 301 there. Node cannot resolve the domain, so the
// HTTP-level checks send the Host header a browser would send.
// CUSTOM_DOMAIN_SHOTS=/tmp/dir: screenshots of the section at 390 and 1366 px.

const SHOTS = process.env.CUSTOM_DOMAIN_SHOTS ?? "test-results/custom-domains";
const records = new Map<string, string>();
let server: ReturnType<typeof dns2.createUDPServer> | undefined;

test.beforeAll(async () => {
  const { Packet } = dns2;
  server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const value = records.get((question?.name ?? "").toLowerCase());
    if (question && value) {
      const answer = {
        name: question.name,
        type: Packet.TYPE.TXT,
        class: Packet.CLASS.IN,
        ttl: 1,
        data: value,
      };
      response.answers.push(answer as unknown as (typeof response.answers)[number]);
    } else {
      response.header.rcode = 3;
    }
    send(response);
  });
  await server.listen(E2E_DNS_PORT, "127.0.0.1");
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

test("an owner verifies a domain and the store is served on it", async ({ page, request, consoleGuard }) => {
  // The refused names below answer 400 with the form's errors.
  consoleGuard.allowHttpError("/dashboard/settings/store.data", 400);
  const t = TEXTS.mk;
  const n = randomInt(100_000, 999_999);
  await signUp(page, t, { email: uniqueEmail("mk"), password: "correct horse battery" });
  const username = await onboard(page, t, {
    name: `Маркет Домен ${n}`,
    expectedUsername: `market-domen-${n}`,
  });
  const domain = `ceni.market-${n}.mk`;

  await page.goto("/dashboard/settings/store");
  await waitForHydration(page);
  const section = page.locator("#domain");
  await expect(section.getByRole("heading", { name: "Ваш сопствен домен" })).toBeVisible();
  // Not a hostname, then the platform's own name: refused with the reason.
  await section.getByLabel("Домен", { exact: true }).fill("не домен");
  await section.getByRole("button", { name: "Додај домен" }).click();
  await expect(section.getByText("Внесете име на домен, на пр. ceni.marketana.mk")).toBeVisible();
  await section.getByLabel("Домен", { exact: true }).fill(`${username}.localhost`);
  await section.getByRole("button", { name: "Додај домен" }).click();
  await expect(section.getByText("Тоа е адреса на Витрина; внесете ваш домен")).toBeVisible();

  await section.getByLabel("Домен", { exact: true }).fill(`https://${domain.toUpperCase()}/`);
  await section.getByRole("button", { name: "Додај домен" }).click();
  await expect(section.getByText(domain, { exact: true }).first()).toBeVisible();
  await expect(section.getByRole("status")).toHaveText("Се чека DNS-записот");
  await expect(section.getByText(`_vitrina.${domain}`)).toBeVisible();
  const value = (await section.locator("code", { hasText: "vitrina-verification=" }).textContent()) ?? "";
  expect(value).toMatch(/^vitrina-verification=[0-9a-f]{32}$/);

  mkdirSync(SHOTS, { recursive: true });
  await section.screenshot({ path: `${SHOTS}/domain-pending-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
  await section.screenshot({ path: `${SHOTS}/domain-pending-390.png` });

  // No record yet: not verified.
  await section.getByRole("button", { name: "Провери сега" }).click();
  await expect(page.getByText("TXT-записот сè уште не е пронајден", { exact: false })).toBeVisible();
  const before = await request.get(`${E2E_BASE_URL}/`, { headers: { Host: domain }, maxRedirects: 0 });
  expect(before.status()).toBe(404);

  records.set(`_vitrina.${domain}`, value);
  await section.getByRole("button", { name: "Провери сега" }).click();
  await expect(section.getByRole("status")).toHaveText("Потврден");
  await section.screenshot({ path: `${SHOTS}/domain-verified-390.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
  await section.screenshot({ path: `${SHOTS}/domain-verified-1366.png` });

  // The store on its domain: its page at "/", no framework scripts, the canonical link on the domain.
  const home = await request.get(`${E2E_BASE_URL}/`, { headers: { Host: domain }, maxRedirects: 0 });
  expect(home.status()).toBe(200);
  const html = await home.text();
  expect(html).toContain(`Маркет Домен ${n}`);
  expect(html).toContain(`<link rel="canonical" href="http://${domain}"`);
  expect(html).not.toContain('type="module"');
  expect(html).toContain(`"url":"http://${domain}"`);
  const sitemap = await (await request.get(`${E2E_BASE_URL}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>http://${domain}</loc>`);
  expect(sitemap).not.toContain(`/${username}</loc>`);
  // On the domain, the search engines' files are the store's own.
  const own = await request.get(`${E2E_BASE_URL}/sitemap.xml`, {
    headers: { Host: domain },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(200);
  const ownSitemap = await own.text();
  expect(ownSitemap).toContain(`<loc>http://${domain}/</loc>`);
  expect(ownSitemap).toContain(`<loc>http://${domain}/prices</loc>`);
  expect(ownSitemap).not.toContain(E2E_BASE_URL);
  expect(ownSitemap).not.toContain("/demo");
  const robots = await request.get(`${E2E_BASE_URL}/robots.txt`, {
    headers: { Host: domain },
    maxRedirects: 0,
  });
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: http://${domain}/sitemap.xml`);
  // The probes answer on the platform's host, never on the store's domain.
  expect((await request.get(`${E2E_BASE_URL}/healthz`)).status()).toBe(200);
  expect(
    (await request.get(`${E2E_BASE_URL}/healthz`, { headers: { Host: domain }, maxRedirects: 0 })).status(),
  ).toBe(404);
  expect(home.headers()["set-cookie"]).toBeUndefined();
  for (const path of ["/prices", "/prices.csv", "/posts"]) {
    const answer = await request.get(`${E2E_BASE_URL}${path}`, {
      headers: { Host: domain },
      maxRedirects: 0,
    });
    expect(answer.status(), path).toBe(200);
  }
  for (const path of [
    "/dashboard",
    "/dashboard/settings/store",
    "/auth/login",
    "/admin",
    "/api/_auth/session",
  ]) {
    const answer = await request.get(`${E2E_BASE_URL}${path}`, {
      headers: { Host: domain },
      maxRedirects: 0,
    });
    expect(answer.status(), path).toBe(404);
  }
  // The platform's address and the subdomain send visitors there.
  const moved = await request.get(`${E2E_BASE_URL}/${username}/prices`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`http://${domain}/prices`);
  // The certificate front's question.
  expect(
    (await request.get(`${E2E_BASE_URL}/.well-known/vitrina-domain-check?domain=${domain}`)).status(),
  ).toBe(200);
  expect(
    (await request.get(`${E2E_BASE_URL}/.well-known/vitrina-domain-check?domain=x.${domain}`)).status(),
  ).toBe(404);
  // An unknown host: a plain 404, not the landing page.
  const stranger = await request.get(`${E2E_BASE_URL}/`, {
    headers: { Host: "evil.example" },
    maxRedirects: 0,
  });
  expect(stranger.status()).toBe(404);
  expect(await stranger.text()).toBe("Not Found");

  // Removed: no longer served, the platform's address serves the store again.
  await section.getByRole("button", { name: "Отстрани домен" }).click();
  await expect(section.getByLabel("Домен", { exact: true })).toBeVisible();
  expect(
    (await request.get(`${E2E_BASE_URL}/`, { headers: { Host: domain }, maxRedirects: 0 })).status(),
  ).toBe(404);
  expect((await request.get(`${E2E_BASE_URL}/${username}`, { maxRedirects: 0 })).status()).toBe(200);
});
