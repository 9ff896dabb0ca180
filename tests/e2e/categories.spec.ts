import { expect, test, uniqueId } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";

// The owner deletes a category from the list, but only after confirming the question.

test.use({ signedInAs: "owner", lang: "en" });

test("deleting a category: the question names it, cancelling keeps it, confirming removes it", async ({
  page,
}) => {
  const name = `Bakery ${uniqueId()}`;
  await page.goto("/dashboard/categories");
  await waitForHydration(page);
  await page.getByLabel("Add category").fill(name);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const remove = page.getByRole("button", { name: `Delete ${name}`, exact: true });
  await expect(remove).toBeVisible();

  const questions: string[] = [];
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await remove.click();
  expect(questions).toEqual([`Delete the category “${name}”?`]);
  await page.reload();
  await waitForHydration(page);
  await expect(remove).toBeVisible();

  page.once("dialog", (dialog) => void dialog.accept());
  await remove.click();
  await expect(page.getByText("Category deleted", { exact: true })).toBeVisible();
  await expect(remove).toHaveCount(0);
});
