import { passkey as passkeyPlugin } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { emailOTP, genericOAuth } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { passkey } from "~/db/schema/account-security";
import { account, rateLimit, session, user, verification } from "~/db/schema/auth";
import { countRecent, recordAudit } from "~/features/audit/audit.server";
import { getConfig } from "~/lib/config.server";
import {
  ACCOUNT_WINDOW_SECONDS,
  CODE_CHECK_PATHS,
  CODE_FAILURES_PER_WINDOW,
  CODE_SEND_PATHS,
  CODE_SENDS_PER_WINDOW,
  CODE_TTL_SECONDS,
  CODE_WRONG_TRIES,
  IP_RULES,
  NEW_PASSWORD_PATHS,
  SIGN_IN_FAILURES_PER_WINDOW,
} from "./auth-limits";
import { recipientLocale, sendCodeMail } from "./auth-mail.server";
import { isCommonPassword } from "./password-policy";

/** The header the Express server sets from the socket (or the trusted proxy), never from the client. */
export const CLIENT_IP_HEADER = "x-vitrina-client-ip";

/** How a session was started, from the endpoint that started it (audit trail). */
const SIGN_IN_METHODS: Record<string, string> = {
  "/sign-in/email": "password",
  "/sign-up/email": "password",
  "/sign-in/email-otp": "email-code",
  "/passkey/verify-authentication": "passkey",
  "/callback/:id": "google",
  "/email-otp/reset-password": "password-reset",
};

/** The Google endpoints; tests point them at a local fake through GOOGLE_OAUTH_BASE_URL. */
export function googleDiscoveryUrl(base: string | null): string {
  return `${(base ?? "https://accounts.google.com").replace(/\/$/, "")}/.well-known/openid-configuration`;
}

type HookContext = {
  path: string;
  body?: Record<string, unknown>;
  headers?: Headers;
  request?: Request;
};

function clientOf(ctx: { headers?: Headers; request?: Request }) {
  const headers = ctx.headers ?? ctx.request?.headers;
  return {
    ipAddress: headers?.get(CLIENT_IP_HEADER) || null,
    userAgent: headers?.get("user-agent") || null,
  };
}

function bodyEmail(ctx: HookContext): string | null {
  const value = ctx.body?.email ?? ctx.body?.newEmail;
  return typeof value === "string" ? value.trim().toLowerCase() : null;
}

function tooMany(): never {
  throw new APIError("TOO_MANY_REQUESTS", { message: "Too many requests", code: "TOO_MANY_REQUESTS" });
}

export function createAuth(db: Db) {
  const config = getConfig();
  const baseUrl = new URL(config.baseUrl);
  const google =
    config.googleClientId && config.googleClientSecret
      ? [
          genericOAuth({
            config: [
              {
                providerId: "google",
                clientId: config.googleClientId,
                clientSecret: config.googleClientSecret,
                discoveryUrl: googleDiscoveryUrl(config.googleOAuthBaseUrl),
                scopes: ["openid", "email", "profile"],
                pkce: true,
                prompt: "select_account",
                // Google's stable account id is the OpenID "sub".
                accountSubject: ({ profile }) => String(profile.sub ?? profile.id ?? ""),
              },
            ],
          }),
        ]
      : [];

  return betterAuth({
    appName: "Vitrina",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, passkey },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        onboarded: { type: "boolean", input: false, required: false, defaultValue: false },
        locale: { type: "string", input: true, required: false, defaultValue: "mk" },
        role: { type: "string", input: false, required: false, defaultValue: "user" },
      },
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ["google"], allowDifferentEmails: false },
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
      customRules: IP_RULES,
    },
    trustedOrigins: [config.baseUrl],
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_WRONG_TRIES,
        // Kept encrypted at rest; a resend repeats the same code with its used-up tries, so
        // asking again never resets the wrong-try budget.
        storeOTP: "encrypted",
        resendStrategy: "reuse",
        overrideDefaultEmailVerification: true,
        changeEmail: { enabled: true },
        // Our own per-address limits (below) replace the plugin's in-memory default.
        rateLimit: { window: 60, max: 6 },
        async sendVerificationOTP({ email, otp, type }, ctx) {
          const locale = await recipientLocale(db, email, ctx?.request);
          await sendCodeMail(email, otp, type, locale);
        },
      }),
      passkeyPlugin({
        rpID: baseUrl.hostname,
        rpName: "Vitrina",
        origin: baseUrl.origin,
        authentication: {
          async afterVerification({ clientData }) {
            await db
              .update(passkey)
              .set({ lastUsedAt: new Date() })
              .where(eq(passkey.credentialID, clientData.id));
          },
        },
      }),
      ...google,
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const email = bodyEmail(ctx);
        if (NEW_PASSWORD_PATHS.has(ctx.path)) {
          const password = ctx.body?.newPassword ?? ctx.body?.password;
          if (typeof password === "string" && isCommonPassword(password)) {
            throw new APIError("BAD_REQUEST", {
              message: "Password too common",
              code: "PASSWORD_TOO_COMMON",
            });
          }
        }
        if (!email) return;
        if (CODE_SEND_PATHS.has(ctx.path)) {
          const sent = await countRecent(db, email, ["code_sent"], ACCOUNT_WINDOW_SECONDS);
          if (sent >= CODE_SENDS_PER_WINDOW) tooMany();
          // Counted whether or not the address has an account, so the answer reveals nothing.
          await recordAudit(db, {
            action: "code_sent",
            email,
            details: { type: ctx.body?.type ?? ctx.path.split("/").pop() },
            ...clientOf(ctx),
          });
        } else if (CODE_CHECK_PATHS.has(ctx.path)) {
          const failed = await countRecent(db, email, ["code_failed"], ACCOUNT_WINDOW_SECONDS);
          if (failed >= CODE_FAILURES_PER_WINDOW) tooMany();
        } else if (ctx.path === "/sign-in/email") {
          const failed = await countRecent(db, email, ["sign_in_failed"], ACCOUNT_WINDOW_SECONDS);
          if (failed >= SIGN_IN_FAILURES_PER_WINDOW) tooMany();
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError;
        const email = bodyEmail(ctx);
        const client = clientOf(ctx);
        const sessionUserId = ctx.context.session?.user.id ?? null;
        if (failed) {
          if (!email) return;
          if (CODE_CHECK_PATHS.has(ctx.path)) {
            await recordAudit(db, { action: "code_failed", email, method: ctx.path, ...client });
          } else if (ctx.path === "/sign-in/email" && returned.statusCode !== 429) {
            await recordAudit(db, { action: "sign_in_failed", email, method: "password", ...client });
          }
          return;
        }
        switch (ctx.path) {
          case "/sign-out":
            await recordAudit(db, { action: "sign_out", userId: sessionUserId, ...client });
            break;
          case "/change-password":
            await recordAudit(db, { action: "password_changed", userId: sessionUserId, ...client });
            break;
          case "/email-otp/reset-password":
            await recordAudit(db, { action: "password_reset", email, ...client });
            break;
          case "/change-email":
          case "/email-otp/change-email":
            await recordAudit(db, {
              action: "email_changed",
              userId: sessionUserId,
              email,
              details: { from: ctx.context.session?.user.email },
              ...client,
            });
            break;
          case "/passkey/verify-registration":
            await recordAudit(db, { action: "passkey_added", userId: sessionUserId, ...client });
            break;
          case "/passkey/delete-passkey":
            await recordAudit(db, {
              action: "passkey_removed",
              userId: sessionUserId,
              details: { passkeyId: ctx.body?.id },
              ...client,
            });
            break;
          case "/unlink-account":
            await recordAudit(db, {
              action: "account_unlinked",
              userId: sessionUserId,
              details: { accountId: ctx.body?.accountId },
              ...client,
            });
            break;
          case "/revoke-other-sessions":
          case "/revoke-sessions":
            await recordAudit(db, { action: "sessions_revoked", userId: sessionUserId, ...client });
            break;
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async after(created, ctx) {
            await recordAudit(db, {
              action: "sign_up",
              userId: created.id,
              email: created.email,
              method: ctx ? (SIGN_IN_METHODS[ctx.path] ?? ctx.path) : null,
              ...(ctx ? clientOf(ctx) : {}),
            });
          },
        },
      },
      session: {
        create: {
          async after(created, ctx) {
            await recordAudit(db, {
              action: "sign_in",
              userId: created.userId,
              method: ctx ? (SIGN_IN_METHODS[ctx.path] ?? ctx.path) : null,
              ipAddress: created.ipAddress ?? null,
              userAgent: created.userAgent ?? null,
            });
          },
        },
      },
      account: {
        create: {
          async after(created, ctx) {
            if (created.providerId === "credential") return;
            await recordAudit(db, {
              action: "account_linked",
              userId: created.userId,
              method: created.providerId,
              ...(ctx ? clientOf(ctx) : {}),
            });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { __vitrinaAuth?: Auth };

export function getAuth(): Auth {
  holder.__vitrinaAuth ??= createAuth(getDb());
  return holder.__vitrinaAuth;
}
