// Limits on sign-in and codes (decision 0013). Per-IP limits are better-auth's, stored in the
// rate_limit table; per-address limits are counted from the audit_log table. Both live in the
// database, so several app instances share one count.

/** A code is valid for 10 minutes. */
export const CODE_TTL_SECONDS = 10 * 60;
/** Wrong tries allowed on one code before it is burnt. */
export const CODE_WRONG_TRIES = 3;
/** Codes that may be sent to one address per window. */
export const CODE_SENDS_PER_WINDOW = 3;
/** Wrong codes one address may receive per window, across all its codes. */
export const CODE_FAILURES_PER_WINDOW = 5;
/** Failed password sign-ins one address may receive per window. */
export const SIGN_IN_FAILURES_PER_WINDOW = 10;
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;
/** The visible wait before a code can be sent again. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** Per-IP limits (better-auth rate limiter, database storage): [window seconds, max requests]. */
export const IP_RULES: Record<string, { window: number; max: number }> = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 600, max: 20 },
  "/sign-in/email-otp": { window: 60, max: 10 },
  "/email-otp/send-verification-otp": { window: 60, max: 6 },
  "/email-otp/request-password-reset": { window: 60, max: 6 },
  "/forget-password/email-otp": { window: 60, max: 6 },
  "/email-otp/reset-password": { window: 60, max: 10 },
  // One per sign-up (20 per 10 minutes) and its retries; each address has its own limit too.
  "/email-otp/verify-email": { window: 600, max: 30 },
  "/email-otp/request-email-change": { window: 60, max: 6 },
  "/email-otp/change-email": { window: 60, max: 10 },
  "/passkey/verify-authentication": { window: 60, max: 20 },
  "/change-password": { window: 600, max: 10 },
  "/change-email": { window: 600, max: 10 },
};

/** Endpoints that send a code, and those that check one. */
export const CODE_SEND_PATHS = new Set([
  "/email-otp/send-verification-otp",
  "/email-otp/request-password-reset",
  "/forget-password/email-otp",
  "/email-otp/request-email-change",
]);
export const CODE_CHECK_PATHS = new Set([
  "/sign-in/email-otp",
  "/email-otp/reset-password",
  "/email-otp/verify-email",
  "/email-otp/change-email",
]);
/** Endpoints that set a new password. */
export const NEW_PASSWORD_PATHS = new Set([
  "/sign-up/email",
  "/email-otp/reset-password",
  "/change-password",
  "/reset-password",
]);

/**
 * Endpoints switched off (404): a code check that could be raced apart from the step that uses
 * the code, an e-mail change without a code to the new address, and the link-based flows this
 * app does not mail (decision 0020). /update-user too (decision 0092): it would set the name, the
 * image and the language unchecked; the settings page's own forms set them, validated.
 */
export const DISABLED_AUTH_PATHS = [
  "/email-otp/check-verification-otp",
  "/change-email",
  "/send-verification-email",
  "/verify-email",
  "/request-password-reset",
  "/reset-password",
  "/update-user",
];

/** An admin's "act as" session lasts at most this long from its start (decision 0091). */
export const IMPERSONATION_SECONDS = 60 * 60;

/**
 * When an acting session must end: its start plus the hour. Its expiry in the database is not
 * enough, as better-auth's session refresh would move it a month ahead (decision 0091).
 */
export function impersonationEndsAt(session: { createdAt: Date | string }): Date {
  return new Date(new Date(session.createdAt).getTime() + IMPERSONATION_SECONDS * 1000);
}

/** Endpoints an account whose address is not proven may not use (decision 0019). */
export const UNVERIFIED_REFUSED_PATHS = new Set([
  "/passkey/generate-register-options",
  "/passkey/verify-registration",
  "/link-social",
  "/email-otp/request-email-change",
  "/email-otp/change-email",
]);

/**
 * Decision 0044: an admin acting as an owner may fix the owner's shop, but never the owner's ways
 * in — password, address, passkeys, linked accounts, sessions — nor delete the account.
 */
export const IMPERSONATION_REFUSED_PATHS = new Set([
  ...UNVERIFIED_REFUSED_PATHS,
  "/change-password",
  "/set-password",
  "/change-email",
  "/passkey/delete-passkey",
  "/passkey/update-passkey",
  "/unlink-account",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  // It answers every session of the account with its raw token, and a token is the session
  // (decision 0119).
  "/list-sessions",
  "/delete-user",
]);
