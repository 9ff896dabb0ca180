import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "../support/axe";
import { E2E_BASE_URL, e2eDataDir } from "../support/e2e-env";
import { expect, test } from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";
import { VIEWPORTS } from "../support/viewports";

// Decision 0044 (in mk, the default language): the admin area is a 404 for an owner and a visitor; an
// admin acts as an owner and stops, with the toasts, the banner on every page and both audit rows.

function adminCredentials(): { email: string; password: string } {
  const text = readFileSync(path.join(e2eDataDir(), "admin-credentials.txt"), "utf8");
  return {
    email: text.match(/^email: (.+)$/m)![1]!.trim(),
    password: text.match(/^password: (.+)$/m)![1]!.trim(),
  };
}

async function signInAsAdmin(page: Page) {
  const { email, password } = adminCredentials();
  const answer = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return email;
}

test("a visitor and an owner find no admin area: the 404 page, and 404 from the admin API", async ({
  page,
  newVisitor,
  accounts,
  consoleGuard,
}) => {
  const owner = await newVisitor({ account: await accounts.get("owner") });
  for (const visitor of [page, owner]) {
    for (const path of ["/admin", "/admin/stores", "/admin/users", "/admin/audit-logs"]) {
      consoleGuard.allowNotFound(path);
      const response = await visitor.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(
        `Страницата не е пронајдена: ${path}`,
      );
    }
    const call = await visitor.request.post(
      "/api/admin/users/00000000-0000-4000-8000-000000000000/impersonate",
      {
        headers: { Origin: E2E_BASE_URL },
      },
    );
    expect(call.status()).toBe(404);
  }
});

test("an admin acts as an owner and stops: toasts, the banner on every page, the audit rows", async ({
  page,
  accounts,
}) => {
  const owner = await accounts.get("owner");
  const adminEmail = await signInAsAdmin(page);
  const me = await (await page.request.get("/api/_auth/session")).json();

  // An admin cannot act as an admin, not even as themself.
  const refused = await page.request.post(`/api/admin/users/${me.user.id}/impersonate`, {
    headers: { Origin: E2E_BASE_URL },
  });
  expect(refused.status()).toBe(403);

  await page.goto(`/admin/users?q=${encodeURIComponent(owner.email)}`);
  await expect(page.getByRole("heading", { name: "Корисници" })).toBeVisible();
  // With the page's script, "Act as" calls the API and toasts (the form's own post is the next test).
  await waitForHydration(page);
  await page.getByRole("button", { name: `Дејствувај како ${owner.email}` }).click();
  await expect(page.getByText("Успешно дејствувате како корисникот")).toBeVisible();
  await page.waitForURL(/\/dashboard\/products/);
  const banner = page.getByRole("status").filter({ hasText: `Дејствувате како ${owner.email}` });
  await expect(banner).toBeVisible();

  // The session carries the impersonator, on both session calls.
  for (const call of ["/api/_auth/session", "/api/auth/session"]) {
    const session = await (await page.request.get(call)).json();
    expect(session.user.email, call).toBe(owner.email);
    expect(session.impersonator, call).toEqual({ id: me.user.id });
  }

  // Every page, the public store page too.
  await page.goto("/dashboard/settings");
  await expect(banner).toBeVisible();
  await page.goto(`/${owner.store!.username}`);
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Прекини" }).click();
  await expect(page.getByText("Успешно го прекинавте дејствувањето како корисникот")).toBeVisible();
  await page.waitForURL(/\/admin\/users/);
  await expect(page.getByRole("status").filter({ hasText: "Дејствувате како" })).toHaveCount(0);
  const back = await (await page.request.get("/api/_auth/session")).json();
  expect(back.user.email).toBe(adminEmail);
  expect(back.impersonator).toBeUndefined();

  // Both ends in the audit log, each naming the admin and the owner.
  for (const action of ["Почна дејствување како корисник", "Прекина дејствување како корисник"]) {
    await page.goto("/admin/audit-logs");
    await page.getByLabel("Акција").selectOption({ label: action });
    await page.waitForURL(/action=/);
    const row = page.getByRole("row").filter({ hasText: owner.email }).first();
    await expect(row).toContainText(adminEmail);
    await expect(row).toContainText(action);
  }
});

test("without JavaScript, 'Act as' and the banner's 'Stop' post their forms: the dashboard as the owner, then the users list", async ({
  accounts,
  newVisitor,
}) => {
  const owner = await accounts.get("owner");
  const page = await newVisitor({ lang: "mk", javaScriptEnabled: false });
  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(owner.email)}`);
  await page.getByRole("button", { name: `Дејствувај како ${owner.email}` }).click();
  await page.waitForURL(/\/dashboard\/products$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const session = await (await page.request.get("/api/_auth/session")).json();
  expect(session.user.email).toBe(owner.email);
  await page.getByRole("button", { name: "Прекини" }).click();
  await page.waitForURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const back = await (await page.request.get("/api/_auth/session")).json();
  expect(back.user.email).not.toBe(owner.email);
});

test("the admin pages have no serious accessibility violation at 390 and 1366 px", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  for (const adminPath of [
    "/admin",
    "/admin/stores",
    "/admin/users",
    "/admin/transactions",
    "/admin/waitlist",
    "/admin/audit-logs",
  ]) {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const response = await page.goto(adminPath);
      expect(response?.status(), adminPath).toBe(200);
      await waitForHydration(page);
      await expectNoSeriousViolations(page, `${adminPath} at ${viewport.width} px`);
    }
  }
});
