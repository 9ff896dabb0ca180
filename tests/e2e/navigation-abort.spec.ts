import { expect, test } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";

// React Router 7.18 leaves the end of a page's data stream unwatched (remix-run/react-router#14203):
// a navigation that replaces one whose data has begun to arrive aborts that stream, and the browser
// reported an uncaught "AbortError: signal is aborted without reason". Aborting is how a replaced
// navigation ends: it must stay silent, and the page must be the second one (entry.client.tsx).

test.use({ signedInAs: "owner" });

test("a second click while the first page is still arriving shows the second page and no error", async ({
  page,
}) => {
  // A slow network: the posts page's data arrives but its stream stays open for 4 s, and ends with
  // the request's abort reason if the request is aborted first (what the browser does to a real body).
  await page.addInitScript(() => {
    const realFetch = window.fetch;
    window.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes("/dashboard/posts.data")) return response;
      const bytes = new Uint8Array(await response.arrayBuffer());
      const signal = init?.signal;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          const end = setTimeout(() => controller.close(), 4000);
          signal?.addEventListener("abort", () => {
            clearTimeout(end);
            controller.error(signal.reason);
          });
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
  });
  await page.goto("/dashboard");
  await waitForHydration(page);
  // The posts page's code arrives late, so that navigation is still pending when its data is there.
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => undefined);
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  await page.locator('a[href="/dashboard/posts"]').first().click();
  await page.waitForTimeout(400);
  await page.locator('a[href="/dashboard/products"]').first().click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await page.waitForTimeout(4500);
  expect(errors).toEqual([]);
});
