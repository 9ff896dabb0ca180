import sharp from "sharp";
import { demoCredentials, E2E_BASE_URL } from "../support/e2e-env";
import { expect, test, uniqueEmail, uniqueId } from "../support/e2e-fixtures";
import { signUp, waitForHydration } from "../support/e2e-flows";
import { TEXTS } from "../support/e2e-texts";

// Decision 0014: the stepped onboarding on a phone, in mk, with an address chosen from the suggestions
// and a logo upload; then the public page's business info; resuming after leaving mid-way; the
// upload and address refusals; and a username change that leaves a 301 behind.

const t = TEXTS.mk;
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Today's weekday in Skopje (the page computes "today" there, whatever the server's zone). */
function skopjeWeekday(): "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun" {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Skopje", weekday: "short" }).format(
    new Date(),
  );
  return name.toLowerCase().slice(0, 3) as ReturnType<typeof skopjeWeekday>;
}

const square = (size: number, colour: string) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("mk on a phone: full onboarding with address and logo, then the public page shows the business info", async ({
  page,
  newVisitor,
}) => {
  const n = uniqueId();
  await signUp(page, t, { email: uniqueEmail("setup"), password: "correct horse battery" });

  // 1 — store name; the Cyrillic name suggests a Latin username, checked live.
  await expect(page.getByRole("heading", { level: 1, name: t.onboarding.heading })).toBeVisible();
  await expect(page.getByText("Чекор 1 од 5")).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel(t.onboarding.storeName, { exact: true }).fill(`Маркет Пела ${n}`);
  await expect(page.getByLabel(t.onboarding.username, { exact: true })).toHaveValue(`market-pela-${n}`);
  await expect(page.getByText(t.onboarding.available, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: t.onboarding.next }).click();

  // 2 — phone, stored as E.164.
  await expect(page.getByText("Чекор 2 од 5")).toBeVisible();
  await page.getByLabel(t.onboarding.phone, { exact: true }).fill("070 123 456");
  await page.getByRole("button", { name: t.onboarding.next }).click();

  // 3 — company, an address chosen from suggestions (typed in Latin, shown in Cyrillic), a logo.
  await expect(page.getByText("Чекор 3 од 5")).toBeVisible();
  await page.getByLabel(t.onboarding.companyName, { exact: true }).fill("Пела ДООЕЛ Тетово");
  await page.getByRole("combobox", { name: t.onboarding.address }).fill("tetov");
  await page.getByRole("option", { name: "Тетово 1200", exact: true }).click();
  await page.getByLabel(t.onboarding.street, { exact: true }).fill("ул. Илинденска 12");
  await page
    .getByLabel(t.onboarding.logo)
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await square(640, "#0a7d4f") });
  await expect(page.locator('img[src^="/uploads/stores/"]')).toBeVisible();
  await page.getByRole("button", { name: t.onboarding.next }).click();

  // 4 — two products in the compact rows, with the VAT of food and their net quantities.
  await expect(page.getByText("Чекор 4 од 5")).toBeVisible();
  await page.getByLabel("Што најмногу продавате?").selectOption("food");
  const row = (n: number) => page.getByRole("group", { name: `Производ ${n}` });
  await row(1).getByLabel("Име на производот").fill("Леб бел 500 г");
  await row(1).getByLabel("Цена (ден.)").fill("35");
  await expect(row(1).getByLabel("ДДВ")).toHaveValue("5");
  await row(1).getByLabel("Нето количина").fill("500");
  await row(1).getByLabel("Единица").selectOption("g");
  await row(2).getByLabel("Име на производот").fill("Млеко 1 л");
  await row(2).getByLabel("Цена (ден.)").fill("75,50");
  await row(2).getByLabel("Нето количина").fill("1");
  await row(2).getByLabel("Единица").selectOption("l");
  await page.getByRole("button", { name: t.onboarding.next }).click();

  // 5 — an image for product 1, skip product 2, finish.
  await expect(page.getByText("Производ 1 од 2: Леб бел 500 г")).toBeVisible();
  await expect(page.getByRole("link", { name: t.onboarding.skip })).toBeVisible();
  const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#c84" } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel("Слика за Леб бел 500 г")
    .setInputFiles({ name: "leb.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.locator('img[src*="/product/"]')).toBeVisible();
  await page.getByRole("link", { name: "Следен производ" }).click();
  await expect(page.getByText("Производ 2 од 2: Млеко 1 л")).toBeVisible();
  await page.getByRole("button", { name: t.onboarding.submit }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByText("Леб бел 500 г", { exact: true }).first()).toBeVisible();

  // Business hours: Monday 07:30–21:00 copied to every weekday.
  await page.goto("/dashboard/settings/open-hours");
  await waitForHydration(page);
  await page.getByLabel("Понеделник од").fill("07:30");
  await page.getByLabel("Понеделник до").fill("21:00");
  await page.getByRole("button", { name: "Копирај го понеделник на сите работни денови" }).click();
  await expect(page.getByLabel("Петок до")).toHaveValue("21:00");
  // Nothing is pre-filled before the first save: Saturday and Sunday are typed in.
  await expect(page.getByLabel("Сабота од")).toHaveValue("");
  await page.getByLabel("Сабота од").fill("08:00");
  await page.getByLabel("Сабота до").fill("16:00");
  await page.getByRole("group", { name: "Недела" }).getByLabel("Затворено").check();
  await expect(page.getByLabel("Недела од")).toBeDisabled();
  await page.getByRole("button", { name: "Зачувај" }).click();
  await expect(page.getByText("Работното време е зачувано")).toBeVisible();

  // A visitor on a phone sees logo, store and company name, address, phone and today's hours.
  const visitor = await newVisitor();
  await visitor.setViewportSize(PHONE);
  const response = await visitor.goto(`/market-pela-${n}`);
  expect(response?.status()).toBe(200);
  const info = visitor.getByRole("region", { name: "За продавницата" });
  await expect(info.getByRole("img", { name: `Лого на Маркет Пела ${n}` })).toBeVisible();
  await expect(info.getByRole("heading", { level: 1, name: `Маркет Пела ${n}` })).toBeVisible();
  await expect(info.getByText("Пела ДООЕЛ Тетово")).toBeVisible();
  await expect(info.getByText("ул. Илинденска 12, 1200 Тетово")).toBeVisible();
  await expect(info.getByRole("link", { name: "070 123 456" })).toHaveAttribute("href", "tel:+38970123456");
  const today = skopjeWeekday();
  const expected = { sat: "08:00–16:00", sun: "Затворено" }[today as "sat" | "sun"] ?? "07:30–21:00";
  await expect(info.getByRole("definition")).toHaveText([expected]);
  await expect(info.getByRole("term")).toHaveText(["Денес"]);
  await expect(info.getByTestId("open-status")).toHaveText(/^(Отворено сега|Затворено сега)$/);
  // The week is behind a disclosure (it opens without script too); today's line gives way to it.
  await info.getByText("Прикажи ги сите денови").click();
  await expect(info.getByRole("term")).toHaveCount(7);
  await expect(info.getByText("Прикажи само денес")).toBeVisible();
  await info.getByText("Прикажи само денес").click();
  await expect(info.getByRole("term")).toHaveText(["Денес"]);
  const jsonLd = JSON.parse(
    (await visitor.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  );
  expect(jsonLd.openingHoursSpecification).toContainEqual({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: "https://schema.org/Monday",
    opens: "07:30",
    closes: "21:00",
  });
});

test("leaving mid-way and coming back resumes at the step reached, with what was entered kept", async ({
  page,
  context,
  request,
}) => {
  const n = uniqueId();
  await signUp(page, t, { email: uniqueEmail("resume"), password: "correct horse battery" });
  await waitForHydration(page);
  await page.getByLabel(t.onboarding.storeName, { exact: true }).fill(`Resume Shop ${n}`);
  await expect(page.getByText(t.onboarding.available, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: t.onboarding.next }).click();
  await page.getByLabel(t.onboarding.phone, { exact: true }).fill("02 3222 333");
  await page.getByRole("button", { name: t.onboarding.next }).click();
  await expect(page.getByText("Чекор 3 од 5")).toBeVisible();
  await page.close();

  // A new tab later: the dashboard sends an owner who has not finished back to the step reached.
  const again = await context.newPage();
  await again.goto("/dashboard/products");
  await expect(again).toHaveURL(/\/onboarding$/);
  await expect(again.getByText("Чекор 3 од 5")).toBeVisible();
  await waitForHydration(again);
  await again.getByRole("link", { name: t.onboarding.back }).click();
  await expect(again.getByText("Чекор 2 од 5")).toBeVisible();
  await expect(again.getByLabel(t.onboarding.phone, { exact: true })).toHaveValue("02 322 2333");
  await again.getByRole("link", { name: t.onboarding.back }).click();
  await expect(again.getByLabel(t.onboarding.storeName, { exact: true })).toHaveValue(`Resume Shop ${n}`);
  await expect(again.getByLabel(t.onboarding.username, { exact: true })).toHaveValue(`resume-shop-${n}`);
  // Not public before onboarding is finished (asked by a signed-out visitor).
  const response = await request.get(`/resume-shop-${n}`);
  expect(response.status()).toBe(404);
});

test.describe("refusals", () => {
  test.use({ signedInAs: "owner" });

  test("an SVG logo, a renamed non-image and a typed address get clear messages", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allowHttpError("/api/images", 415);
    consoleGuard.allowHttpError("/dashboard/settings/store.data", 400);
    await page.goto("/dashboard/settings/store");
    await waitForHydration(page);
    const logo = page.getByLabel(t.onboarding.logo);
    await logo.setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await expect(
      page.getByText("SVG слики не се прифаќаат: прикачете JPEG, PNG, WebP или AVIF"),
    ).toBeVisible();
    await logo.setInputFiles({
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("%PDF-1.7 not an image"),
    });
    await expect(page.getByText("Датотеката не е слика JPEG, PNG, WebP или AVIF")).toBeVisible();
    await expect(page.locator('img[src^="/uploads/"]')).toHaveCount(0);

    // Typing over the chosen place without picking a suggestion is refused.
    const address = page.getByRole("combobox", { name: t.onboarding.address });
    await address.fill("Некое Место");
    // The page has a second form (product languages) with its own "Зачувај јазици".
    await page.locator("form", { has: address }).getByRole("button", { name: "Зачувај" }).click();
    await expect(page.getByText("Изберете го градот или селото од предлозите")).toBeVisible();
  });

  test("a new username moves the page; the old address answers 301", async ({ page, account }) => {
    await page.goto("/dashboard/settings/store");
    await waitForHydration(page);
    const renamed = `renamed-${uniqueId()}`;
    const username = page.getByLabel(t.onboarding.username, { exact: true });
    await username.fill(renamed);
    await expect(page.getByText(`Старата адреса ${account.store?.username}`, { exact: false })).toBeVisible();
    await page.locator("form", { has: username }).getByRole("button", { name: "Зачувај" }).click();
    await expect(page.getByText("Податоците за продавницата се зачувани")).toBeVisible();
    const old = await page.request.get(`/${account.store?.username}?q=leb`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/${renamed}?q=leb`);
    // Put the shared account back as it was for the other tests of this worker.
    await username.fill(account.store!.username);
    await page.locator("form", { has: username }).getByRole("button", { name: "Зачувај" }).click();
    await expect(page.getByText("Податоците за продавницата се зачувани")).toBeVisible();
  });

  test("an image for another store's product is refused and changes nothing (cross-store)", async ({
    page,
    playwright,
  }) => {
    // The demo owner's product ids, read from the demo owner's own product list.
    const demo = await playwright.request.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { Origin: E2E_BASE_URL },
    });
    expect((await demo.post("/api/auth/sign-in/email", { data: demoCredentials() })).ok()).toBe(true);
    const list = await (await demo.get("/dashboard/products")).text();
    const foreignId = list.match(/\/dashboard\/products\/([0-9a-f-]{36})/)?.[1];
    expect(foreignId).toBeTruthy();

    // Its images as they are now (the demo's products have library images).
    const imagesOf = async () =>
      [
        ...(await (await demo.get(`/dashboard/products/${foreignId}`)).text()).matchAll(
          /\/uploads\/[^"' )]+/g,
        ),
      ]
        .map((match) => match[0])
        .sort();
    const before = await imagesOf();
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer();
    const response = await page.request.post("/api/images?kind=product", {
      headers: { Origin: E2E_BASE_URL },
      multipart: {
        file: { name: "x.jpg", mimeType: "image/jpeg", buffer: photo },
        productId: foreignId!,
      },
    });
    expect(response.status()).toBe(404);
    expect(await imagesOf()).toEqual(before);
    await demo.dispose();
  });
});

test("the demo store's business info in mk, en and sq", async ({ newVisitor }) => {
  const cases = {
    mk: {
      region: "За продавницата",
      place: "ул. Македонија 12, 1000 Скопје",
      today: "Денес",
      logo: "Лого на Маркет Демо",
    },
    en: {
      region: "About the store",
      place: "ул. Македонија 12, 1000 Skopje",
      today: "Today",
      logo: "Маркет Демо logo",
    },
    sq: {
      region: "Për dyqanin",
      place: "ул. Македонија 12, 1000 Shkup",
      today: "Sot",
      logo: "Logoja e Маркет Демо",
    },
  } as const;
  for (const [lang, c] of Object.entries(cases)) {
    const visitor = await newVisitor({ lang: lang as keyof typeof cases });
    await visitor.goto("/demo");
    const info = visitor.getByRole("region", { name: c.region });
    await expect(info.getByRole("img", { name: c.logo })).toBeVisible();
    await expect(info.getByText(c.place)).toBeVisible();
    await expect(info.getByRole("link", { name: "02 322 2333" })).toHaveAttribute("href", "tel:+38923222333");
    await expect(info.getByRole("term")).toHaveText([c.today]);
  }
});
