import { readFileSync } from "node:fs";
import path from "node:path";

// Where the end-to-end server runs (playwright.config.ts starts it) and what it was seeded with.

// Several checkouts on one machine run the suite at once: each picks its own port.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3301);
export const ROOT_DOMAIN = "localhost";
export const E2E_BASE_URL = `http://${ROOT_DOMAIN}:${E2E_PORT}`;

/** The local fake of Google's OpenID endpoints (tests/support/fake-google.ts), next to the app. */
export const FAKE_GOOGLE_PORT = E2E_PORT + 5;
export const FAKE_GOOGLE_URL = `http://127.0.0.1:${FAKE_GOOGLE_PORT}`;
/** The DNS server of the custom-domain spec (DNS_SERVERS of the app under test). */
export const E2E_DNS_PORT = E2E_PORT + 8;

/** A store's own host: `{username}.localhost` resolves to loopback in Chromium without DNS. */
export function storeOrigin(username: string): string {
  return `http://${username}.${ROOT_DOMAIN}:${E2E_PORT}`;
}

export const LANGS = ["mk", "en", "sq"] as const;
export type Lang = (typeof LANGS)[number];

export function e2eDataDir(): string {
  const dir = process.env.VITRINA_E2E_DATA_DIR;
  if (!dir) throw new Error("VITRINA_E2E_DATA_DIR is unset: run the suite with `npx playwright test`");
  return dir;
}

/** The demo owner's credentials, written by the server's first start. */
export function demoCredentials(): { email: string; password: string } {
  const text = readFileSync(path.join(e2eDataDir(), "demo-credentials.txt"), "utf8");
  const email = text.match(/^email: (.+)$/m)?.[1]?.trim();
  const password = text.match(/^password: (.+)$/m)?.[1]?.trim();
  if (!email || !password) throw new Error(`Unexpected demo-credentials.txt:\n${text}`);
  return { email, password };
}
