import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { account, rateLimit, session, user, verification } from "~/db/schema/auth";
import { getConfig } from "~/lib/config.server";

/** The header the Express server sets from the socket (or the trusted proxy), never from the client. */
export const CLIENT_IP_HEADER = "x-vitrina-client-ip";

export function createAuth(db: Db) {
  const config = getConfig();
  return betterAuth({
    appName: "Vitrina",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        onboarded: { type: "boolean", input: false, required: false, defaultValue: false },
        locale: { type: "string", input: true, required: false, defaultValue: "mk" },
        role: { type: "string", input: false, required: false, defaultValue: "user" },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Counted in PostgreSQL so that several app instances share one count (ARCHITECTURE.md).
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 120,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 600, max: 20 },
      },
    },
    trustedOrigins: [config.baseUrl],
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { __vitrinaAuth?: Auth };

export function getAuth(): Auth {
  holder.__vitrinaAuth ??= createAuth(getDb());
  return holder.__vitrinaAuth;
}
