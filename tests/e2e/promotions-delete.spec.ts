import { addDays, skopjeDay } from "../../app/lib/calendar";
import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { createProduct, waitForHydration } from "../support/e2e-flows";

// Decision 0089, in mk: a promotion that has been on the public page is deleted from the
// owner's list but stays in the price history; the question says so before the owner agrees.

test.use({ signedInAs: "owner", lang: "mk" });

test("deleting a promotion that has run asks first, leaves the list and stays in the product's history", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = uniqueId();
  const product = `Чоколадо ${id}`;
  await createProduct(page.request, { name: product, price: "200" });
  await page.goto(`/dashboard/products?q=${encodeURIComponent(id)}`);
  const href = await page.getByRole("link", { name: product }).first().getAttribute("href");
  const productId = href!.split("/").pop()!;
  const today = skopjeDay(new Date());
  const started = `Јуни ${id}`;
  const saved = await page.request.post("/dashboard/promotions/add", {
    form: {
      name: started,
      type: "sales_action",
      discountType: "percentage",
      value: "10",
      // Today: a promotion cannot start before it (decision 0094); it has run from 00:00.
      startsOn: today,
      endsOn: addDays(today, 5),
      products: JSON.stringify([{ productId, customPrice: "" }]),
    },
  });
  expect(new URL(saved.url()).pathname).toBe("/dashboard/promotions");

  await page.goto("/dashboard/promotions");
  await waitForHydration(page);
  const questions: string[] = [];
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole("button", { name: `Избриши: ${started}` }).click();
  await expect(page.getByText("Промоцијата е избришана")).toBeVisible();
  expect(questions).toEqual([
    `Да се избрише промоцијата ${started}? Таа веќе беше на вашата јавна страница: престанува сега и излегува од списокот, а деновите кога траеше остануваат во историјата на цени, како што бара законот.`,
  ]);
  await expect(page.getByRole("heading", { name: started })).toHaveCount(0);

  // The product's form still lists it, without a link, as deleted, with the days it ran.
  await page.goto(`/dashboard/products/${productId}`);
  const mkDay = (day: string) => day.split("-").reverse().join(".");
  const history = page.getByRole("listitem").filter({ hasText: started });
  await expect(history).toContainText(`${mkDay(today)}`);
  await expect(history).toContainText("избришана");
  await expect(history.getByRole("link")).toHaveCount(0);
});
