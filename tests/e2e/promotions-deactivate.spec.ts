import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, createPromotion, skopjeDay, waitForHydration } from "../support/e2e-flows";

// Decisions 0093 and 0094, in mk: deactivating a promotion that has been on the public
// page asks first and ends it for good, its days kept; a new one cannot start before today.

test.use({ signedInAs: "owner", lang: "mk" });

test("deactivating a running promotion asks first, keeps it as deactivated, and offers no way back", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = uniqueId();
  const product = `Чоколадо ${id}`;
  await createProduct(page.request, { name: product, price: "200" });
  await page.goto(`/dashboard/products?q=${encodeURIComponent(id)}`);
  const href = await page.getByRole("link", { name: product }).first().getAttribute("href");
  const name = `Викенд ${id}`;
  await createPromotion(page.request, { name, productIds: [href!.split("/").pop()!], percent: "10" });

  await page.goto("/dashboard/promotions");
  await waitForHydration(page);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  const questions: string[] = [];
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await card.getByRole("button", { name: "Деактивирај" }).click();
  await expect(page.getByText("Промоцијата е деактивирана")).toBeVisible();
  expect(questions).toEqual([
    `Да се деактивира промоцијата ${name}? Таа веќе беше на вашата јавна страница: престанува сега, деновите кога траеше остануваат во историјата на цени, и не може повторно да се активира.`,
  ]);
  const day = skopjeDay().split("-").reverse().join(".");
  await expect(card).toContainText("Неактивна");
  await expect(card).toContainText(
    `Деактивирана на ${day}: деновите кога траеше остануваат во историјата на цени.`,
  );
  await expect(card.getByRole("button", { name: "Активирај" })).toHaveCount(0);
  await expect(card.getByRole("link", { name: `Уреди промоција: ${name}` })).toHaveCount(0);
});

test("a new promotion cannot start before today: the message is beside the start date", async ({ page }) => {
  await page.goto("/dashboard/promotions/add");
  await waitForHydration(page);
  await page.getByLabel("Име", { exact: true }).fill("Вчерашна");
  await page.getByLabel("Попуст", { exact: true }).fill("10");
  await page.getByLabel("Од", { exact: true }).fill(skopjeDay(-1));
  await page.getByRole("button", { name: "Следно" }).click();
  await expect(page.getByText("Промоцијата не може да започне пред денес")).toBeVisible();
  await expect(page.getByLabel("Од", { exact: true })).toHaveAttribute("aria-invalid", "true");
});
