import { expect, test } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";

// Decision 0131: the owner's dashboard installs as an app (its manifest, icons, and a service worker
// whose scope is the dashboard only), the public store page links none of it, and Settings →
// Notifications offers to remind this device. Headless Chromium has no push service to subscribe to:
// the subscription itself is covered by the service tests against a local push service.

test.use({ signedInAs: "owner" });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test("the dashboard links an installable manifest and runs its service worker; the store page neither", async ({
  page,
}) => {
  await page.goto("/dashboard/products");
  await waitForHydration(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/dashboard/manifest.webmanifest");
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Витрина",
    start_url: "/dashboard/products",
    scope: "/dashboard/",
    display: "standalone",
    theme_color: "#ffffff",
    background_color: "#ffffff",
  });
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((entry) => entry.sizes === `${size}x${size}` && entry.purpose === "any");
    const file = await page.request.get(icon!.src);
    expect(file.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await file.body())).toEqual([size, size]);
  }
  // The worker is the dashboard's: its scope is /dashboard/, no wider.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/dashboard/");
  // Chromium's own installability check (what Lighthouse's installable-manifest audit asked).
  const cdp = await page.context().newCDPSession(page);
  const { errors } = await cdp.send("Page.getAppManifest");
  expect(errors).toEqual([]);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // Playwright's browser context is an incognito one, which no site installs from: that is the test's.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);

  await page.goto("/demo");
  await expect(page.getByRole("heading", { level: 2, name: "Ценовник" })).toBeVisible();
  expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

test("Settings → Notifications offers to remind this device and lists none yet, its tab in view on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/settings/notifications");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Известувања" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Потсети ме на овој уред" })).toBeEnabled();
  await expect(page.getByText("Сè уште нема уреди.")).toBeVisible();
  const tab = page.getByRole("link", { name: "Известувања" });
  await expect(tab).toHaveAttribute("aria-current", "page");
  // The seventh tab is past the strip's edge on a phone: the strip scrolls it into view (all but
  // the underline's pixel that the strip's bottom edge clips).
  await expect(tab).toBeInViewport({ ratio: 0.9 });
});
