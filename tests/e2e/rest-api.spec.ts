import { createOwner, expect, type StoreOwner, test, uniqueId } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";

// Decision 0071: the owner makes an API token in Settings → API (shown once), a POS program sends a
// product with it, the public page shows it at the POS's price, the reference page lists the
// operations, and a revoked token is refused.

test.describe.configure({ mode: "serial" });

const id = uniqueId();
const NAME = `Кафе мелено ${id}`;
const BARCODE = "5310012345675";
let owner: StoreOwner;
let secret = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  owner = await createOwner("rest-api", { name: `ПОС ${id}`, username: `pos-${id}` });
});

test("the owner creates a token and sees it once", async ({ newVisitor }) => {
  const page = await newVisitor({ account: owner, lang: "mk" });
  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: "API", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/api$/);
  await waitForHydration(page);
  await page.getByLabel("Име", { exact: true }).fill("Каса 1");
  await page.getByLabel(/Запишување производи/).check();
  await page.getByRole("button", { name: "Создај токен" }).click();
  await expect(page.getByText("Токенот „Каса 1“ е создаден.")).toBeVisible();
  secret = await page.getByLabel("Токенот", { exact: true }).inputValue();
  expect(secret).toMatch(/^vtr_/);
  // The name typed for it is cleared, ready for the next token; the secret is copied with one press.
  await expect(page.getByLabel("Име", { exact: true })).toHaveValue("");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Копирај" }).click();
  await expect(page.getByRole("button", { name: "Копирано" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  // Listed with its hint only; the secret is gone after a reload.
  await page.reload();
  await expect(page.getByRole("list", { name: "API токени" })).toContainText("Каса 1");
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByLabel("Токенот", { exact: true })).toHaveCount(0);
});

test("a POS program sends a product with the token, and the public page shows it", async ({
  request,
  newVisitor,
}) => {
  const auth = { Authorization: `Bearer ${secret}` };
  const written = await request.put(`/api/v1/products/by-barcode/${BARCODE}`, {
    headers: { ...auth, "Idempotency-Key": `e2e-${id}` },
    data: { name: NAME, priceCents: 18900 },
  });
  expect(written.status()).toBe(200);
  expect(await written.json()).toMatchObject({
    outcome: "created",
    product: { name: NAME, priceCents: 18900 },
  });
  const listed = await request.get(`/api/v1/products?barcode=${BARCODE}`, { headers: auth });
  expect((await listed.json()).items).toHaveLength(1);
  const problem = await request.get("/api/v1/products?limit=0", { headers: auth });
  expect(problem.status()).toBe(400);
  expect(problem.headers()["content-type"]).toBe("application/problem+json");

  const visitor = await newVisitor({ lang: "mk" });
  await visitor.goto(`/${owner.store.username}`);
  await expect(visitor.getByRole("heading", { level: 3, name: NAME })).toBeVisible();
  await expect(visitor.getByText("189,00").first()).toBeVisible();
  const document = await request.get("/api/v1/openapi.json");
  expect((await document.json()).openapi).toBe("3.1.0");
});

test("the reference lists the operations, and a revoked token is refused", async ({
  newVisitor,
  request,
}) => {
  const page = await newVisitor({ account: owner, lang: "mk" });
  await page.goto("/dashboard/settings/api");
  await page.getByRole("link", { name: "Упатство за API" }).click();
  await expect(page.getByRole("heading", { name: "Упатство за API" })).toBeVisible();
  await expect(page.getByText("/prices/batch", { exact: true })).toBeVisible();
  // In the interface's language, saying plainly what stays in English.
  await expect(page.getByText("Промена на цените на најмногу 1.000 постојни производи")).toBeVisible();
  await expect(page.getByText("Update the prices of up to 1,000 existing products")).toHaveCount(0);
  await expect(page.getByText(/шемите се на англиски/)).toBeVisible();
  await page.goto("/dashboard/settings/api");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Поништи Каса 1" }).click();
  await expect(page.getByText("Токенот е поништен.", { exact: false })).toBeVisible();
  const refused = await request.get("/api/v1/products", { headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
});
