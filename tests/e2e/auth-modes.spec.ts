import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_BASE_URL, FAKE_GOOGLE_URL } from "../support/e2e-env";
import {
  expect,
  onboardThroughApi,
  registerThroughApi,
  test,
  uniqueEmail,
  uniqueId,
} from "../support/e2e-fixtures";
import { waitForHydration } from "../support/e2e-flows";
import { codeFor, messagesTo } from "../support/e2e-mail";
import { GOOGLE_PERSON_COOKIE } from "../support/fake-google";

// Every sign-in mode in Chromium, forgot/reset, both guards, and the settings actions.

test.use({ lang: "en" });

const path = (url: string) => new URL(url).pathname;

/** A new onboarded owner, signed in in this page's browser context (through the HTTP API). */
async function newOwner(page: Page) {
  const email = uniqueEmail("auth");
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await registerThroughApi(page.request, { email, password, locale: "en" });
  const id = uniqueId();
  await onboardThroughApi(page.request, { name: `Auth ${id}`, username: `auth-${id}` }, email);
  return { email, password };
}

async function signOut(page: Page) {
  await page.goto("/auth/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
}

/** Opens a page and waits until React has hydrated it, so its forms and buttons run their code. */
async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** Chromium's virtual platform authenticator (DevTools WebAuthn): real passkeys on localhost. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** Adds a passkey with this name in settings and waits until the list shows it. */
async function addPasskey(page: Page, name: string) {
  // Adding a passkey needs script (WebAuthn): the button is disabled until the script has run (the
  // click waits for it), and a name typed before then is kept (after Google's return, a full load).
  await page.getByLabel("Name of the new passkey").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByLabel("Name", { exact: true }).last()).toHaveValue(name);
}

test("password: log in, a wrong password shows the translated message", async ({ page, consoleGuard }) => {
  const { email, password } = await newOwner(page);
  await signOut(page);
  consoleGuard.allowHttpError("/auth/login.data", 401);
  await openHydrated(page, "/auth/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(`${password}x`);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Login failed. Please check your credentials.");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
});

test("the plain password page signs in too", async ({ page }) => {
  const { email, password } = await newOwner(page);
  await signOut(page);
  await page.goto("/auth/login-simple-password");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
});

test("e-mail code: a new address gets a code, a wrong code is refused, the right one signs up", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowHttpError("/auth/verify-otp.data", 400);
  const email = uniqueEmail("code");
  await openHydrated(page, "/auth/login");
  await page.getByRole("link", { name: "E-mail code" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?mode=code$/);
  await expect(page.getByRole("button", { name: "Send the code" })).toBeVisible();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  // The resend cool-down is visible.
  await expect(page.getByRole("button", { name: /Send again in \d+ s/ })).toBeDisabled();
  const code = await codeFor(email);
  expect(messagesTo(email)[0]).toMatch(/Subject: Your Vitrina sign-in code/);

  await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to verify the code. Check it and try again.");
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  // A new account: onboarding comes first.
  await expect(page).toHaveURL(/\/onboarding$/);
  // Single use: the flow is over, and the guard sends the code page back to the start.
  await page.goto("/auth/verify-otp");
  expect(path(page.url())).not.toBe("/auth/verify-otp");
});

test("e-mail code: an existing owner signs in with a code", async ({ page }) => {
  const { email } = await newOwner(page);
  await signOut(page);
  await page.goto("/auth/login?mode=code");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  await page.getByLabel("6-digit code").fill(await codeFor(email, 2));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
});

test("guards: the code and reset pages send back to the start of their flow", async ({ page }) => {
  await page.goto("/auth/verify-otp");
  expect(`${path(page.url())}${new URL(page.url()).search}`).toBe("/auth/login?mode=code");
  await page.goto("/auth/reset-password");
  expect(path(page.url())).toBe("/auth/forgot-password");
  // A forged flow cookie is not a pending flow.
  await page
    .context()
    .addCookies([{ name: "vitrina_flow", value: "eyJraW5kIjoib3RwIn0.forged", url: `${E2E_BASE_URL}/auth` }]);
  await page.goto("/auth/verify-otp");
  expect(path(page.url())).toBe("/auth/login");
});

test("forgot password → code → new password → signed in; the old password no longer works", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowHttpError("/auth/reset-password.data", 400);
  const { email, password } = await newOwner(page);
  await signOut(page);
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  const code = await codeFor(email, 2);
  expect(messagesTo(email).at(-1)).toMatch(/Subject: Reset your Vitrina password/);
  // The code goes with the new password, in one step (decision 0020: no separate check).
  await page.getByLabel("6-digit code").fill(code);
  await page.getByLabel("New password", { exact: true }).fill("password1");
  await page.getByLabel("Confirm password", { exact: true }).fill("password1");
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(
    page.getByText("This password is among the 1,000 most common ones. Choose another."),
  ).toBeVisible();
  const fresh = `new-${randomBytes(6).toString("hex")}`;
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Confirm password", { exact: true }).fill(fresh);
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);

  const old = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(old.status()).toBe(401);
});

test("forgot password for an unknown address looks exactly the same", async ({ page }) => {
  const email = uniqueEmail("nobody");
  await page.goto("/auth/forgot-password");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await expect(page.getByText(`If ${email} has an account, a 6-digit code is on its way.`)).toBeVisible();
  expect(messagesTo(email)).toEqual([]);
});

test("a fourth reset code in 15 minutes is refused, and the page says for how long", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowHttpError("/auth/forgot-password.data", 429);
  const email = uniqueEmail("many");
  for (let i = 0; i < 3; i++) {
    await openHydrated(page, "/auth/forgot-password");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send the code" }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
  }
  await openHydrated(page, "/auth/forgot-password");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Too many attempts\. Try again in 1[45] min\.$/);
});

test("registration: the address is proven with a mailed code before onboarding", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowHttpError("/auth/verify-otp.data", 400);
  const email = uniqueEmail("proof");
  await openHydrated(page, "/auth/register?mode=password");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByLabel("Confirm password", { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
  // Not signed in yet: onboarding waits for the code.
  expect((await page.request.get("/onboarding", { maxRedirects: 0 })).headers().location).toBe("/auth/login");
  const code = await codeFor(email);
  expect(messagesTo(email)[0]).toMatch(/Subject: Confirm your e-mail for Vitrina/);
  await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to verify the code. Check it and try again.");
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test("GET /auth/logout signs nobody out: it shows a button, and the POST signs out", async ({ page }) => {
  await newOwner(page);
  await page.goto("/auth/logout");
  await expect(page.getByRole("heading", { level: 1, name: "Log out" })).toBeVisible();
  // A link or an image on another site is a GET: the session is still there.
  const fromElsewhere = await page.request.get("/auth/logout");
  expect(fromElsewhere.ok()).toBe(true);
  await page.goto("/dashboard/products");
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await page.goto("/auth/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await page.goto("/dashboard/products");
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("passkey: add one in settings, rename it, sign in with it, then delete it", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await newOwner(page);
  await openHydrated(page, "/dashboard/settings");
  await expect(page.getByText("No passkeys yet.", { exact: false })).toBeVisible();
  await addPasskey(page, "Work laptop");
  await expect(page.getByText("not used yet", { exact: false })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).last().fill("Office laptop");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved");

  await signOut(page);
  await openHydrated(page, "/auth/login?mode=passkey");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);

  await openHydrated(page, "/dashboard/settings");
  await expect(page.getByLabel("Name", { exact: true }).last()).toHaveValue("Office laptop");
  await expect(page.getByText(/last used \d/)).toBeVisible();
  await page.getByRole("button", { name: "Delete passkey Office laptop" }).click();
  await expect(page.getByText("No passkeys yet.", { exact: false })).toBeVisible();
});

test("settings: name, password change signs out the other sessions, language", async ({
  page,
  newVisitor,
  consoleGuard,
}) => {
  const { email, password } = await newOwner(page);
  // A second session of the same owner, on another device.
  const other = await newVisitor({ lang: "en" });
  const signIn = await other.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(signIn.ok()).toBe(true);
  expect((await (await other.request.get("/api/_auth/session")).json()).user.email).toBe(email);

  await openHydrated(page, "/dashboard/settings");
  await page.getByLabel("Name", { exact: true }).first().fill("Ana Owner");
  await page.getByRole("button", { name: "Save" }).nth(1).click();
  await expect(page.getByRole("status").first()).toHaveText("Saved");

  const fresh = `pw-${randomBytes(8).toString("hex")}`;
  // A mismatch is said under the confirmation field, and the field is described by it (the field's
  // id and its posted name differ on this page). The server answers it with 400.
  consoleGuard.allowHttpError("/dashboard/settings.data", 400);
  await page.locator("#pw-current").fill(password);
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Confirm the new password", { exact: true }).fill(`${fresh}x`);
  await page.getByRole("button", { name: "Change password" }).click();
  const confirm = page.getByLabel("Confirm the new password", { exact: true });
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expect(confirm).toHaveAccessibleDescription(/\S/);

  await page.locator("#pw-current").fill(password);
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Confirm the new password", { exact: true }).fill(fresh);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other sessions were signed out.")).toBeVisible();
  // This session lives on; the other one ended.
  expect((await (await page.request.get("/api/_auth/session")).json()).user.email).toBe(email);
  expect(await (await other.request.get("/api/_auth/session")).json()).toEqual({});

  await page.getByLabel("Language of the interface and of e-mails").selectOption("mk");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Поставки" })).toBeVisible();
});

/** Signs this browser in to the fake Google as that person, as Google's own cookie would. */
async function asGoogleUser(page: Page, person: { sub: string; email: string; name: string }) {
  const value = Buffer.from(JSON.stringify(person)).toString("base64url");
  await page.context().addCookies([{ name: GOOGLE_PERSON_COOKIE, value, url: FAKE_GOOGLE_URL }]);
}

test("Google: a new person signs up with Google; unlinking their only way in is refused", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowHttpError("/dashboard/settings.data", 409);
  const email = uniqueEmail("google");
  await asGoogleUser(page, { sub: uniqueId(), email, name: "Gordana Google" });
  await openHydrated(page, "/auth/register");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const id = uniqueId();
  await onboardThroughApi(page.request, { name: `G ${id}`, username: `g-${id}` }, email);
  await openHydrated(page, "/dashboard/settings");
  await expect(page.getByText(/^Connected on \d/)).toBeVisible();
  await page.getByRole("button", { name: "Unlink" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This is your last way to sign in: add a password or a passkey first.",
  );

  // Signing in again with Google finds the same account.
  await signOut(page);
  await openHydrated(page, "/auth/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
});

test("Google: an owner links Google in settings, sees the date, and unlinks it", async ({ page }) => {
  const { email } = await newOwner(page);
  await asGoogleUser(page, { sub: uniqueId(), email, name: "Owner" });
  await openHydrated(page, "/dashboard/settings");
  await expect(page.getByText("Not connected")).toBeVisible();
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?linked=google$/);
  await expect(page.getByText(/^Connected on \d/)).toBeVisible();
  await page.getByRole("button", { name: "Unlink" }).click();
  await expect(page.getByRole("status").last()).toHaveText("Account unlinked");
  await page.reload();
  await expect(page.getByText("Not connected")).toBeVisible();
});

test("without script (or clicked before it ran), settings still answer: Google linked and unlinked, a name saved", async ({
  newVisitor,
}) => {
  const page = await newVisitor({ lang: "en", javaScriptEnabled: false });
  const { email } = await newOwner(page);
  await asGoogleUser(page, { sub: uniqueId(), email, name: "Owner" });
  await page.goto("/dashboard/settings");
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText(/^Connected on \d/)).toBeVisible();
  await page.getByRole("button", { name: "Unlink" }).click();
  await expect(page.getByRole("status")).toHaveText("Account unlinked");
  await expect(page.getByText("Not connected")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Owner Without Script");
  await page.getByRole("button", { name: "Save" }).nth(1).click();
  await expect(page.getByRole("status")).toHaveText("Saved");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Owner Without Script");
});

test("GET /api/_auth/session answers {} signed out, { user } with onboarded signed in; DELETE signs out", async ({
  page,
}) => {
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
  const { email } = await newOwner(page);
  const session = await page.request.get("/api/_auth/session");
  expect(session.headers()["cache-control"]).toBe("no-store");
  const body = await session.json();
  expect(body.user).toMatchObject({ email, onboarded: true });
  const deleted = await page.request.delete("/api/_auth/session", { headers: { Origin: E2E_BASE_URL } });
  expect(await deleted.json()).toEqual({ success: true });
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
  await page.goto("/dashboard/products");
  expect(path(page.url())).toBe("/auth/login");
});

test("every response carries the CSP; React Router's inline scripts carry its nonce", async ({ page }) => {
  const response = await page.goto("/auth/login");
  const headers = response!.headers();
  const csp = headers["content-security-policy"]!;
  const nonce = csp.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(csp).toContain("frame-ancestors 'none'");
  const html = await response!.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
  expect(inline.length).toBeGreaterThan(0);
  for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  // The session cookie is HttpOnly and SameSite=Lax (Secure with __Secure- over https: service test).
  await newOwner(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === "better-auth.session_token");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
});

test("another owner cannot rename or delete my passkey nor unlink my Google account through settings", async ({
  page,
  newVisitor,
}) => {
  await addVirtualAuthenticator(page);
  const ana = await newOwner(page);
  await asGoogleUser(page, { sub: uniqueId(), email: ana.email, name: "Ana" });
  await openHydrated(page, "/dashboard/settings");
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText(/^Connected on \d/)).toBeVisible();
  await addPasskey(page, "Ana's key");
  const passkeyId = await page
    .locator('input[name="intent"][value="deletePasskey"] + input[name="id"]')
    .inputValue();
  const accountId = await page.locator('input[name="accountId"]').inputValue();

  const boris = await newVisitor({ lang: "en" });
  await newOwner(boris);
  await boris.goto("/dashboard/settings");
  await expect(boris.getByText("No passkeys yet.", { exact: false })).toBeVisible();
  await expect(boris.getByText("Not connected")).toBeVisible();
  await expect(boris.getByText("Ana's key")).toHaveCount(0);
  const attempts: Record<string, string>[] = [
    { intent: "renamePasskey", id: passkeyId, name: "Boris now" },
    { intent: "deletePasskey", id: passkeyId },
    { intent: "unlink", accountId },
  ];
  for (const form of attempts) {
    const answer = await boris.request.post("/dashboard/settings?index", {
      form,
      headers: { Origin: E2E_BASE_URL },
    });
    expect(answer.ok(), form.intent).toBe(false);
  }

  await page.reload();
  await expect(page.getByLabel("Name", { exact: true }).last()).toHaveValue("Ana's key");
  await expect(page.getByText(/^Connected on \d/)).toBeVisible();
});

test("settings: without a password, the e-mail changes with a code sent to the new address", async ({
  page,
}) => {
  const email = uniqueEmail("nopw");
  await page.goto("/auth/login?mode=code");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  await page.getByLabel("6-digit code").fill(await codeFor(email));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const id = uniqueId();
  await onboardThroughApi(page.request, { name: `N ${id}`, username: `n-${id}` }, email);
  await openHydrated(page, "/dashboard/settings");
  const next = uniqueEmail("moved");
  await page.getByLabel("New e-mail address").fill(next);
  await page.getByRole("button", { name: "Send the code", exact: true }).click();
  await page.getByLabel(`Code sent to ${next}`).fill(await codeFor(next));
  await page.getByRole("button", { name: "Change e-mail" }).click();
  await expect(page.getByText("E-mail address changed")).toBeVisible();
  expect((await (await page.request.get("/api/_auth/session")).json()).user.email).toBe(next);
});
