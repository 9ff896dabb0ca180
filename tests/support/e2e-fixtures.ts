import { randomBytes } from "node:crypto";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Page,
  request as requestFactory,
} from "@playwright/test";
import { E2E_BASE_URL, type Lang } from "./e2e-env";
import { codeFor } from "./e2e-mail";

// The suite's fixtures (STYLE.md "Tests"): every browser context a test opens is watched for
// console errors, uncaught page errors and hydration warnings, and the test fails if any appeared.
// Shared accounts are created once per worker through the HTTP API, so that only the flows under
// test pay for the UI (sign-up is rate-limited to 20 per 10 minutes per address).

export { expect };

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

export type Account = {
  email: string;
  password: string;
  /** The store, for an onboarded account. */
  store: { name: string; username: string } | null;
  storageState: StorageState;
};

export type AccountKind = "owner" | "newcomer";

/** Collects what a browser logs as an error; a test ends with none, or it fails. */
export class ConsoleGuard {
  readonly problems: string[] = [];
  private readonly allowed = new Set<string>();
  private readonly allowedMessages: RegExp[] = [];

  watch(context: BrowserContext): void {
    context.on("console", (message) => this.onConsole(message));
    context.on("weberror", (error) => {
      const err = error.error();
      this.problems.push(`uncaught on ${error.page()?.url()}: ${err.stack ?? err.message}`);
    });
  }

  /**
   * A page opened on purpose that answers 404 (Chromium logs its load as a console error):
   * allowed for exactly this path (or its client-navigation data request `{path}.data`).
   */
  allowNotFound(path: string): void {
    this.allowHttpError(path, 404);
    this.allowHttpError(`${path}.data`, 404);
  }

  /**
   * A request the test makes fail on purpose (a wrong password answers 401, a form the server
   * rejects answers 400): Chromium logs "Failed to load resource", allowed for this path and status.
   */
  allowHttpError(path: string, status: number): void {
    this.allowed.add(`${status} ${path}`);
  }

  /** An error the test provokes on purpose and that the app logs (a missing script chunk). */
  allowMessage(pattern: RegExp): void {
    this.allowedMessages.push(pattern);
  }

  private onConsole(message: ConsoleMessage): void {
    const text = message.text();
    const hydration = /hydrat/i.test(text);
    if (message.type() !== "error" && !(message.type() === "warning" && hydration)) return;
    if (!hydration && this.isAllowed(text, message.location().url)) return;
    if (!hydration && this.allowedMessages.some((pattern) => pattern.test(text))) return;
    const where = message.location().url || message.page()?.url() || "?";
    this.problems.push(`console.${message.type()} at ${where}: ${text}`);
  }

  private isAllowed(text: string, url: string): boolean {
    const status = text.match(
      /^Failed to load resource: the server responded with a status of (\d{3}) /,
    )?.[1];
    if (!status) return false;
    try {
      return this.allowed.has(`${status} ${decodeURIComponent(new URL(url).pathname)}`);
    } catch {
      return false;
    }
  }
}

export function uniqueId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

/** A fresh e-mail address nobody has registered. */
export function uniqueEmail(prefix = "owner"): string {
  return `${prefix}-${uniqueId()}@example.test`;
}

/**
 * A visitor's own address, as the proxy in front of the app forwards it (the e2e server runs with
 * TRUST_PROXY=loopback): owners who register in different tests come from different places, as in
 * life, so the per-address limits of one test never spill into the next (decision 0021).
 * TEST-NET ranges (RFC 5737): documentation addresses that no traffic is ever sent to.
 */
export function visitorAddress(): string {
  const range = randomBytes(1)[0]! % 2 === 0 ? "198.51.100" : "203.0.113";
  return `${range}.${1 + (randomBytes(1)[0]! % 254)}`;
}

/**
 * Registers through the HTTP API and proves the address with the code mailed to it (decision
 * 0019), as the registration page does: the request context ends signed in.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  account: { email: string; password: string; name?: string; locale?: string },
) {
  const { email, password, name = "Owner", locale } = account;
  const headers = { Origin: E2E_BASE_URL, "X-Forwarded-For": visitorAddress() };
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { email, password, name, ...(locale ? { locale } : {}) },
    headers,
  });
  expect(signUp.ok(), `sign-up of ${email}: ${signUp.status()} ${await signUp.text()}`).toBe(true);
  const verified = await request.post("/api/auth/email-otp/verify-email", {
    data: { email, otp: await codeFor(email) },
    headers,
  });
  expect(verified.ok(), `proof of ${email}: ${verified.status()} ${await verified.text()}`).toBe(true);
}

/** An onboarded owner: the store is always there. */
export type StoreOwner = Account & { store: { name: string; username: string } };

/**
 * Registers `prefix-…@example.test` (named `prefix`) through the HTTP API, onboards `store` unless
 * it is null, runs `prepare` signed in as the account, and keeps the account's cookies.
 */
async function openAccount(
  prefix: string,
  store: Account["store"],
  prepare?: (request: APIRequestContext) => Promise<void>,
): Promise<Account> {
  const request = await apiRequest();
  try {
    const email = uniqueEmail(prefix);
    const password = `pw-${randomBytes(8).toString("hex")}`;
    await registerThroughApi(request, { email, password, name: prefix });
    if (store) await onboardThroughApi(request, store, email);
    await prepare?.(request);
    return { email, password, store, storageState: await request.storageState() };
  } finally {
    await request.dispose();
  }
}

/**
 * A fresh owner of a spec's own, registered and onboarded through the HTTP API, for specs whose
 * changes (settings, products, promotions) must not reach the worker's shared owner. `prepare`
 * runs signed in as the owner before the cookies are saved (products, categories).
 */
export async function createOwner(
  prefix: string,
  store: { name: string; username: string },
  prepare?: (request: APIRequestContext) => Promise<void>,
): Promise<StoreOwner> {
  return { ...(await openAccount(prefix, store, prepare)), store };
}

/**
 * An API request context with the same-origin header every form post needs; signed in when given an
 * account's saved cookies (no new sign-in, so the sign-in limit of 10 a minute per address never
 * decides a spec).
 */
export function apiRequest(storageState?: StorageState): Promise<APIRequestContext> {
  return requestFactory.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { Origin: E2E_BASE_URL },
    storageState,
  });
}

type TestFixtures = {
  /** The `lang` cookie of the test's browser context; unset means the default language (mk). */
  lang: Lang | undefined;
  /** The test's page is signed in as this worker's shared owner (onboarded) or newcomer. */
  signedInAs: AccountKind | undefined;
  consoleGuard: ConsoleGuard;
  /** The account `signedInAs` names. */
  account: Account;
  /** A page in a new browser context (a different visitor), watched like the test's own page. */
  newVisitor: (options?: { lang?: Lang; account?: Account; javaScriptEnabled?: boolean }) => Promise<Page>;
};

type WorkerFixtures = {
  accounts: { get(kind: AccountKind): Promise<Account> };
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  lang: [undefined, { option: true }],
  signedInAs: [undefined, { option: true }],

  accounts: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const cache = new Map<AccountKind, Promise<Account>>();
      const make = (kind: AccountKind): Promise<Account> => {
        const id = uniqueId();
        return openAccount(
          kind,
          kind === "owner" ? { name: `Owner Store ${id}`, username: `owner-${id}` } : null,
        );
      };
      await use({
        get(kind) {
          let account = cache.get(kind);
          if (!account) {
            account = make(kind);
            cache.set(kind, account);
          }
          return account;
        },
      });
    },
    { scope: "worker" },
  ],

  consoleGuard: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const guard = new ConsoleGuard();
      await use(guard);
      // Only a test that otherwise passed: a failing one already says why.
      if (testInfo.status === testInfo.expectedStatus) {
        expect(guard.problems, "the browser logged errors during the test").toEqual([]);
      }
    },
    { auto: true },
  ],

  account: async ({ signedInAs, accounts }, use) => {
    if (!signedInAs) throw new Error("The `account` fixture needs test.use({ signedInAs })");
    await use(await accounts.get(signedInAs));
  },

  context: async ({ context, lang, signedInAs, accounts, consoleGuard }, use) => {
    consoleGuard.watch(context);
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
    if (lang) await context.addCookies([{ name: "lang", value: lang, url: E2E_BASE_URL }]);
    if (signedInAs) await context.addCookies((await accounts.get(signedInAs)).storageState.cookies);
    await use(context);
  },

  newVisitor: async ({ browser, consoleGuard }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL: E2E_BASE_URL,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        extraHTTPHeaders: { "X-Forwarded-For": visitorAddress() },
      });
      contexts.push(context);
      consoleGuard.watch(context);
      if (options.lang) {
        await context.addCookies([{ name: "lang", value: options.lang, url: E2E_BASE_URL }]);
      }
      if (options.account) await context.addCookies(options.account.storageState.cookies);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

/** Walks the onboarding steps' own actions, as a browser without JavaScript would post them. */
export async function onboardThroughApi(
  request: APIRequestContext,
  store: { name: string; username: string },
  who: string,
): Promise<void> {
  const step = async (form: Record<string, string>) => {
    const response = await request.post("/onboarding", { form });
    expect(response.ok(), `onboarding step ${form.intent} of ${who}: ${response.status()}`).toBe(true);
    return response;
  };
  await step({ intent: "store", storeName: store.name, username: store.username });
  await step({ intent: "phone", phone: "071 234 567", phonePublic: "on" });
  // The address must be a suggestion the server signed.
  const places = await request.get(`/api/address-suggestions?q=${encodeURIComponent("Скопје")}`);
  const { suggestions } = (await places.json()) as { suggestions: unknown[] };
  await step({
    intent: "company",
    companyName: "Owner DOOEL",
    addressSuggestion: JSON.stringify(suggestions[0]),
    street: "ул. Македонија 1",
    logoKey: "",
  });
  await step({ intent: "skip-products" });
  const onboarding = await step({ intent: "finish" });
  expect(new URL(onboarding.url()).pathname, `onboarding of ${who}`).toBe("/dashboard/products");
}
