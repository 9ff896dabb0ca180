import { passkey as passkeyPlugin } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin, emailOTP, genericOAuth } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import * as z from "zod";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { passkey } from "~/db/schema/account-security";
import { account, rateLimit, session, user, verification } from "~/db/schema/auth";
import { recordAudit } from "~/features/audit/audit.server";
import { LOCALES } from "~/i18n/config";
import { getConfig } from "~/lib/config.server";
import { grantListedAdmin } from "./admin-emails.server";
import { acceptAttempt } from "./attempts.server";
import { afterHook, beforeHook, CLIENT_IP_HEADER, clientOf } from "./auth-hooks.server";
import {
  CODE_TTL_SECONDS,
  CODE_WRONG_TRIES,
  DISABLED_AUTH_PATHS,
  IMPERSONATION_SECONDS,
  IP_RULES,
  impersonationEndsAt,
} from "./auth-limits";
import { recipientLocale, sendAccountExistsMail, sendCodeMail } from "./auth-mail.server";
import { CLAIM_PATHS, isAddressProven, removeUnprovenAccess } from "./claim.server";

export { CLIENT_IP_HEADER };

/** How a session was started, from the endpoint that started it (audit trail). */
const SIGN_IN_METHODS: Record<string, string> = {
  "/sign-in/email": "password",
  "/sign-up/email": "password",
  "/sign-in/email-otp": "email-code",
  "/email-otp/verify-email": "email-code",
  "/passkey/verify-authentication": "passkey",
  "/callback/:id": "google",
  "/email-otp/reset-password": "password-reset",
};

/** The Google endpoints; tests point them at a local fake through GOOGLE_OAUTH_BASE_URL. */
export function googleDiscoveryUrl(base: string | null): string {
  return `${(base ?? "https://accounts.google.com").replace(/\/$/, "")}/.well-known/openid-configuration`;
}

/**
 * Decision 0044: better-auth's admin plugin does the impersonation (the session swap, the admin's
 * session kept in a signed cookie, one hour at most, never another admin). Its HTTP endpoints are
 * all switched off: our own routes under /api/admin call it on the server after requireAdmin, so a
 * non-admin finds no admin API at all (404).
 */
const adminPlugin = admin({
  impersonationSessionDuration: IMPERSONATION_SECONDS,
  allowImpersonatingAdmins: false,
});
const ADMIN_PLUGIN_PATHS = Object.values(adminPlugin.endpoints).map((endpoint) => endpoint.path);

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
      // Decision 0019: no session until a code mailed to the address is entered.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      // Registering an address that has an account answers like a new one (nothing is revealed);
      // the owner is told by e-mail instead.
      async onExistingUserSignUp({ user: existing }, request) {
        await sendAccountExistsMail(existing.email, await recipientLocale(db, existing.email, request));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An account made before decision 0019 proves its address at its next password sign-in.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
    },
    user: {
      additionalFields: {
        onboarded: { type: "boolean", input: false, required: false, defaultValue: false },
        // Decision 0092: sign-up (and a code sign-in that creates the account) may say the language,
        // only one of mk, en, sq; /update-user, which would set it afterwards, is switched off.
        locale: {
          type: "string",
          input: true,
          required: false,
          defaultValue: "mk",
          validator: { input: z.enum(LOCALES) },
        },
        role: { type: "string", input: false, required: false, defaultValue: "user" },
      },
      // Only through a code sent to the new address (/email-otp/change-email); /change-email is off.
      changeEmail: { enabled: false },
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
    disabledPaths: [...DISABLED_AUTH_PATHS, ...ADMIN_PLUGIN_PATHS],
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
        // Kept encrypted at rest. A resend repeats a code nobody has tried yet; once it was tried,
        // the resend issues a new one (attempts.server.ts deletes the tried code first).
        storeOTP: "encrypted",
        resendStrategy: "reuse",
        overrideDefaultEmailVerification: true,
        changeEmail: { enabled: true },
        // Our own per-address limits (below) replace the plugin's in-memory default.
        rateLimit: { window: 60, max: 6 },
        async sendVerificationOTP({ email, otp, type }, ctx) {
          // The code's tries count from here (the send endpoints record their own start).
          if (type === "email-verification") {
            await acceptAttempt(db, "code_issued", email, {
              details: { type },
              ...(ctx ? clientOf(ctx) : {}),
            });
          }
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
      adminPlugin,
    ],
    hooks: { before: beforeHook(db), after: afterHook(db) },
    databaseHooks: {
      user: {
        update: {
          async after(updated, ctx) {
            // A code sign-in or a reset just proved the address of an unproven account: claimed.
            if (ctx && CLAIM_PATHS.has(ctx.path) && updated.emailVerified) {
              await removeUnprovenAccess(db, updated.id);
            }
            // Decision 0092: an ADMIN_EMAILS address is an admin once it is proven.
            await grantListedAdmin(db, config.adminEmails, updated);
          },
        },
        create: {
          async after(created, ctx) {
            await recordAudit(db, {
              action: "sign_up",
              userId: created.id,
              email: created.email,
              method: ctx ? (SIGN_IN_METHODS[ctx.path] ?? ctx.path) : null,
              ...(ctx ? clientOf(ctx) : {}),
            });
            // Decision 0092: only an address proven at creation (a code sign-in, Google);
            // a password sign-up becomes an admin when its code is entered (update, above).
            await grantListedAdmin(db, config.adminEmails, created);
          },
        },
      },
      session: {
        update: {
          // Decision 0091: better-auth refreshes a session a day old by moving its expiry a month
          // ahead; for an admin's acting session (whose don't-remember cookie a script can drop)
          // that would outlive the hour. Its expiry never passes its start plus the hour.
          async before(changes, ctx) {
            const current = (ctx?.context as { session?: { session?: Record<string, unknown> } } | undefined)
              ?.session?.session;
            if (!changes.expiresAt || !current?.impersonatedBy || !current.createdAt) return;
            const end = impersonationEndsAt({ createdAt: current.createdAt as Date });
            if (new Date(changes.expiresAt).getTime() > end.getTime()) {
              return { data: { ...changes, expiresAt: end } };
            }
          },
        },
        create: {
          // Decision 0019: whatever the way in (passkey, Google, an old password), no session for
          // an account whose address nobody proved.
          async before(created) {
            if (!(await isAddressProven(db, created.userId))) return false;
          },
          async after(created, ctx) {
            // An admin acting as this user is no sign-in of theirs: impersonation has its own rows.
            if ((created as { impersonatedBy?: string | null }).impersonatedBy) return;
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
          async before(created) {
            if (created.providerId === "credential") return;
            if (!(await isAddressProven(db, created.userId))) {
              throw new APIError("FORBIDDEN", { message: "E-mail not verified", code: "EMAIL_NOT_VERIFIED" });
            }
          },
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
