import { createOwner, expect, type StoreOwner, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";
import { PHONE } from "../support/viewports";

// Posts, in mk: the owner writes and publishes a post, a signed-out visitor sees it in
// the public page's News (after the price list: the first product stays on a phone's first screen),
// the owner unpublishes it and it is gone.

let owner: StoreOwner;

test.beforeAll(async () => {
  const id = uniqueId();
  owner = await createOwner("posts", { name: `Објави ${id}`, username: `posts-${id}` }, async (request) => {
    for (const name of ["Ајвар", "Бонбони", "Вода", "Грав", "Домати"])
      await createProduct(request, { name, price: "100" });
  });
});

test("a published post is on the public page for a signed-out visitor, and gone once unpublished", async ({
  page,
  context,
  newVisitor,
  consoleGuard,
}) => {
  // The first save without a title is refused on purpose: 400.
  consoleGuard.allowHttpError("/dashboard/posts/new.data", 400);
  await context.addCookies(owner.storageState.cookies);
  await page.goto("/dashboard/posts");
  await expect(page.getByRole("heading", { level: 1, name: "Објави" })).toBeVisible();
  await expect(page.getByText("Сè уште нема објави")).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: "Нова објава" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Нова објава" })).toBeVisible();

  // The title is required: the form says so in mk and keeps the text.
  await page
    .getByLabel("Текст")
    .fill("Од понеделник работиме до 22 часот.\nПовеќе на https://example.com/hours");
  await page.getByRole("button", { name: "Објави", exact: true }).click();
  await expect(page.getByText("Ова поле е задолжително")).toBeVisible();
  await expect(page.getByLabel("Текст")).toHaveValue(/Од понеделник работиме до 22 часот\./);

  await page.getByLabel("Наслов").fill("Ново работно време");
  await page.getByRole("button", { name: "Објави", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  await expect(page.getByText("Објавата е зачувана")).toBeVisible();
  const row = page
    .getByRole("list", { name: "Објави" })
    .getByRole("listitem")
    .filter({ hasText: "Ново работно време" });
  await expect(row).toContainText("Објавена");

  const visitor = await newVisitor();
  await visitor.setViewportSize(PHONE);
  await visitor.goto(`/${owner.store?.username}`);
  const news = visitor.getByRole("region", { name: "Новости" });
  await expect(news.getByRole("heading", { name: "Ново работно време" })).toBeVisible();
  const link = news.getByRole("link", { name: "https://example.com/hours" });
  await expect(link).toHaveAttribute("rel", "nofollow noopener ugc");
  // The price list comes first: the first product is on the phone's first screen.
  await expect(visitor.getByText("Ајвар", { exact: true }).first()).toBeInViewport();
  await news.getByRole("link", { name: "Сите објави" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Објави");
  await expect(visitor.getByRole("heading", { name: "Ново работно време" })).toBeVisible();

  await row.getByRole("button", { name: /Повлечи/ }).click();
  await expect(page.getByText("Објавата е повлечена")).toBeVisible();
  await expect(row).toContainText("Нацрт");

  await visitor.goto(`/${owner.store?.username}`);
  await expect(visitor.getByText("Ајвар", { exact: true }).first()).toBeVisible();
  await expect(visitor.getByRole("region", { name: "Новости" })).toHaveCount(0);
  await expect(visitor.getByText("Ново работно време")).toHaveCount(0);
});

test("after a refused save the form waits for its page to settle before it can be sent again", async ({
  page,
  context,
  consoleGuard,
}) => {
  consoleGuard.allowHttpError("/dashboard/posts/new.data", 400);
  await context.addCookies(owner.storageState.cookies);
  await page.goto("/dashboard/posts/new");
  await expect(page.getByRole("heading", { level: 1, name: "Нова објава" })).toBeVisible();
  await waitForHydration(page);
  // The page's data reloads after the refused save; held here, as a slow network would.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reloads = 0;
  await page.route(
    (url) => url.pathname === "/dashboard/posts/new.data",
    async (route) => {
      if (route.request().method() === "GET") {
        reloads += 1;
        await held;
      }
      await route.continue();
    },
  );
  const save = page.getByRole("button", { name: "Објави", exact: true });
  await save.click();
  await expect(page.getByText("Ова поле е задолжително")).toBeVisible();
  await expect.poll(() => reloads).toBe(1);
  // Sending now would abort the reload mid-stream: the button waits.
  await expect(save).toBeDisabled();
  release();
  await expect(save).toBeEnabled();
  await page.getByLabel("Наслов").fill("Затворено за празник");
  await save.click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  await expect(page.getByText("Објавата е зачувана")).toBeVisible();
});
