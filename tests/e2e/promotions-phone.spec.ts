import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";
import { PHONE } from "../support/viewports";

// The goal for promotions: an owner creates a legal promotion on 50 products in under a minute on a
// phone. A 390×844 screen, in mk: a category of 50 products, "select all shown", Review, Save.
// The elapsed time is a measurement for docs/performance.md, not an assertion (the machine is
// shared); the steps an owner takes are counted beside it.

test.use({ signedInAs: "owner", lang: "mk" });

test("a promotion on the 50 products of a category from a phone: the time and the taps it takes", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = uniqueId();
  const categoryName = `Пијалоци ${id}`;
  await page.request.post("/dashboard/categories", { form: { intent: "create", name: categoryName } });
  await page.goto("/dashboard/products/new");
  const categoryId = await page
    .getByLabel("Категорија")
    .locator("option", { hasText: categoryName })
    .getAttribute("value");
  for (let i = 1; i <= 50; i++)
    await createProduct(page.request, { name: `Сок ${id} ${i}`, price: "120", categoryId: categoryId! });
  await createProduct(page.request, { name: `Леб ${id}`, price: "40" });

  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/promotions/add");
  await waitForHydration(page);
  const started = performance.now();
  let taps = 0;
  const tap = async (run: Promise<unknown>) => {
    taps += 1;
    await run;
  };
  await tap(page.getByLabel("Име", { exact: true }).fill(`Сокови ${id}`));
  await tap(
    page.getByLabel("Вид на продажба", { exact: true }).selectOption({ label: "Промотивна продажба" }),
  );
  await tap(page.getByLabel("Попуст", { exact: true }).fill("15"));
  await tap(page.getByRole("button", { name: "Следно" }).click());
  await tap(page.getByLabel("Категорија").selectOption({ label: categoryName }));
  await tap(page.getByRole("button", { name: "Избери ги сите прикажани (50)" }).click());
  await tap(page.getByRole("button", { name: "Потврди го изборот (50)" }).click());
  await expect(page.getByRole("heading", { name: "Преглед" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `Сок ${id} 50` })).toContainText(
    "Најниска во 30 дена пред тоа: 120,00",
  );
  await tap(page.getByRole("button", { name: "Зачувај промоција" }).click());
  await expect(page).toHaveURL(/\/dashboard\/promotions(\?|$)/);
  const saved = page.getByRole("listitem").filter({ hasText: `Сокови ${id}` });
  await expect(saved).toContainText("50 производи");
  const seconds = (performance.now() - started) / 1000;

  const line = `50 products on a 390x844 phone: ${seconds.toFixed(1)} s of machine time, ${taps} owner actions`;
  testInfo.annotations.push({ type: "measurement", description: line });
  console.log(line);
  // Running from today: active, not empty.
  await expect(saved).toContainText("Активна");
});
