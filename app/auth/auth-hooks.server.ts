import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Db } from "~/db/client.server";
import { recordAudit } from "~/features/audit/audit.server";
import {
  type AttemptVerdict,
  acceptAttempt,
  beginCodeAttempt,
  beginCodeSend,
  beginPasswordAttempt,
  type CodeType,
} from "./attempts.server";
import {
  CODE_CHECK_PATHS,
  CODE_SEND_PATHS,
  IMPERSONATION_REFUSED_PATHS,
  NEW_PASSWORD_PATHS,
  UNVERIFIED_REFUSED_PATHS,
} from "./auth-limits";
import { isCommonPassword } from "./password-policy";

/** The header the Express server sets from the socket (or the trusted proxy), never from the client. */
export const CLIENT_IP_HEADER = "x-vitrina-client-ip";

type HookContext = {
  path: string;
  body?: Record<string, unknown>;
  headers?: Headers;
  request?: Request;
};

export function clientOf(ctx: { headers?: Headers; request?: Request }) {
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

/** The kind of code an endpoint sends or checks. */
function codeTypeOf(ctx: HookContext): CodeType {
  switch (ctx.path) {
    case "/sign-in/email-otp":
      return "sign-in";
    case "/email-otp/verify-email":
      return "email-verification";
    case "/email-otp/reset-password":
    case "/email-otp/request-password-reset":
    case "/forget-password/email-otp":
      return "forget-password";
    case "/email-otp/request-email-change":
    case "/email-otp/change-email":
      return "change-email";
    default: {
      const type = ctx.body?.type;
      return type === "email-verification" || type === "forget-password" ? type : "sign-in";
    }
  }
}

/** better-auth's verification identifier of that code (emailOTP plugin's toOTPIdentifier). */
async function codeIdentifier(ctx: Parameters<typeof getSessionFromCtx>[0], email: string, type: CodeType) {
  if (type !== "change-email") return `${type}-otp-${email}`;
  const session = await getSessionFromCtx(ctx).catch(() => null);
  return `change-email-otp-${session?.user.email.toLowerCase() ?? ""}-${email}`;
}

function refuse(verdict: Exclude<AttemptVerdict, { ok: true }>): never {
  if (verdict.reason === "code") {
    throw new APIError("FORBIDDEN", { message: "Too many attempts", code: "TOO_MANY_ATTEMPTS" });
  }
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { message: "Too many requests", code: "TOO_MANY_REQUESTS", retryAfter: verdict.retryAfter },
    { "Retry-After": String(verdict.retryAfter) },
  );
}

/** Endpoints that create an account from their body's name and image (decision 0092). */
const ACCOUNT_CREATING_PATHS = new Set(["/sign-up/email", "/sign-in/email-otp"]);
/** As the settings page's name form (account.schema.ts). */
const NAME_MAX = 255;

/** Checks that run before an endpoint: common passwords, unproven accounts, attempts counted first. */
export function beforeHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (ACCOUNT_CREATING_PATHS.has(ctx.path)) {
      // The name as long as the settings form allows; no image (nothing shows one, and the app's
      // forms send none): a hand-made request stores nothing the forms would refuse.
      const { name, image } = ctx.body ?? {};
      if (
        image !== undefined ||
        (name !== undefined && (typeof name !== "string" || name.length > NAME_MAX))
      ) {
        throw new APIError("BAD_REQUEST", { message: "Invalid profile", code: "INVALID_PROFILE" });
      }
    }
    if (NEW_PASSWORD_PATHS.has(ctx.path)) {
      const password = ctx.body?.newPassword ?? ctx.body?.password;
      if (typeof password === "string" && isCommonPassword(password)) {
        throw new APIError("BAD_REQUEST", { message: "Password too common", code: "PASSWORD_TOO_COMMON" });
      }
    }
    if (UNVERIFIED_REFUSED_PATHS.has(ctx.path)) {
      // Decision 0019: an account whose address nobody proved adds no way in and changes no address.
      const session = await getSessionFromCtx(ctx).catch(() => null);
      if (session && !session.user.emailVerified) {
        throw new APIError("FORBIDDEN", { message: "E-mail not verified", code: "EMAIL_NOT_VERIFIED" });
      }
    }
    if (IMPERSONATION_REFUSED_PATHS.has(ctx.path)) {
      const session = await getSessionFromCtx(ctx).catch(() => null);
      if ((session?.session as { impersonatedBy?: string | null } | undefined)?.impersonatedBy) {
        throw new APIError("FORBIDDEN", {
          message: "Not while acting as the owner",
          code: "IMPERSONATION_REFUSED",
        });
      }
    }
    const email = bodyEmail(ctx);
    if (!email) return;
    const client = clientOf(ctx);
    if (CODE_SEND_PATHS.has(ctx.path)) {
      const type = codeTypeOf(ctx);
      const identifier = await codeIdentifier(ctx, email, type);
      // Counted whether or not the address has an account, so the answer reveals nothing.
      const verdict = await beginCodeSend(db, { email, type, identifier, ...client });
      if (!verdict.ok) refuse(verdict);
    } else if (CODE_CHECK_PATHS.has(ctx.path)) {
      const type = codeTypeOf(ctx);
      const identifier = await codeIdentifier(ctx, email, type);
      const verdict = await beginCodeAttempt(db, { email, type, identifier, path: ctx.path, ...client });
      if (!verdict.ok) refuse(verdict);
    } else if (ctx.path === "/sign-in/email") {
      const verdict = await beginPasswordAttempt(db, { email, method: "password", ...client });
      if (!verdict.ok) refuse(verdict);
    }
  });
}

/** What happened, for the audit trail, and the attempts that succeeded. */
export function afterHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const failed = returned instanceof APIError;
    const email = bodyEmail(ctx);
    const client = clientOf(ctx);
    const sessionUserId = ctx.context.session?.user.id ?? null;
    if (failed) {
      if (!email || returned.statusCode === 429) return;
      if (CODE_CHECK_PATHS.has(ctx.path)) {
        await recordAudit(db, { action: "code_failed", email, method: ctx.path, ...client });
      } else if (ctx.path === "/sign-in/email") {
        // The right password of an address not yet proven: a code went out instead of a session.
        if ((returned.body as { code?: string } | undefined)?.code === "EMAIL_NOT_VERIFIED") {
          await acceptAttempt(db, "sign_in_accepted", email, client);
        } else {
          await recordAudit(db, { action: "sign_in_failed", email, method: "password", ...client });
        }
      }
      return;
    }
    if (email && CODE_CHECK_PATHS.has(ctx.path)) await acceptAttempt(db, "code_accepted", email, client);
    if (email && ctx.path === "/sign-in/email") await acceptAttempt(db, "sign_in_accepted", email, client);
    const audit = (AFTER_AUDIT as Record<string, (typeof AFTER_AUDIT)[keyof typeof AFTER_AUDIT]>)[ctx.path];
    if (audit) {
      await recordAudit(db, {
        action: audit,
        userId: sessionUserId,
        email: audit === "email_changed" || audit === "password_reset" ? email : null,
        details:
          audit === "email_changed"
            ? { from: ctx.context.session?.user.email }
            : audit === "passkey_removed"
              ? { passkeyId: ctx.body?.id }
              : audit === "account_unlinked"
                ? { accountId: ctx.body?.accountId }
                : undefined,
        ...client,
      });
    }
  });
}

const AFTER_AUDIT = {
  "/sign-out": "sign_out",
  "/change-password": "password_changed",
  "/email-otp/reset-password": "password_reset",
  "/email-otp/change-email": "email_changed",
  "/passkey/verify-registration": "passkey_added",
  "/passkey/delete-passkey": "passkey_removed",
  "/unlink-account": "account_unlinked",
  "/revoke-other-sessions": "sessions_revoked",
  "/revoke-sessions": "sessions_revoked",
} as const satisfies Record<string, Parameters<typeof recordAudit>[1]["action"]>;
