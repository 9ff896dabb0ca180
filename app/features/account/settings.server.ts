import { acceptAttempt, beginPasswordAttempt } from "~/auth/attempts.server";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { callAuth } from "~/auth/auth-call.server";
import { verifyCurrentPassword } from "~/auth/password-check.server";
import type { SessionUser } from "~/auth/session.server";
import type { Db } from "~/db/client.server";
import { recordAudit } from "~/features/audit/audit.server";
import { AppError, type ErrorCode } from "~/lib/app-error";
import { hasPassword, waysInWithout } from "./account.server";

// The signed-in person's own account settings (the service behind the one settings
// route). Every function takes the user from the session, never from the form. Changes that
// better-auth owns (address, password, sessions, passkeys, linked accounts) go through its HTTP
// handler with the person's own cookie, so its session checks and limits apply as for /api/auth.

export type AccountCall = { db: Db; user: SessionUser; request: Request };

function client(request: Request) {
  return {
    ipAddress: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get("user-agent"),
  };
}

/** better-auth's answer as an AppError: 429 speaks of waiting, anything else of this failure. */
async function expectOk(response: Response, code: ErrorCode): Promise<Response> {
  if (response.ok) return response;
  if (response.status === 429) throw new AppError("rateLimited");
  throw new AppError(code);
}

/**
 * Checks the current password as a sign-in does: the try is counted first, against the same
 * per-address limit as failed sign-ins (decision 0020), so guessing here locks like guessing there.
 */
export async function checkCurrentPassword({ db, user, request }: AccountCall, password: string) {
  const verdict = await beginPasswordAttempt(db, {
    email: user.email,
    method: "settings",
    ...client(request),
  });
  if (!verdict.ok) throw new AppError("rateLimited");
  if (!(await verifyCurrentPassword(user.id, password))) {
    await recordAudit(db, {
      action: "sign_in_failed",
      email: user.email,
      method: "settings",
      ...client(request),
    });
    throw new AppError("validation", { fields: { currentPassword: "errors:wrongPassword" } });
  }
  await acceptAttempt(db, "sign_in_accepted", user.email, client(request));
}

/**
 * Step one of an address change: an account with a password confirms it, then a code goes to the
 * new address. Nothing changes until that code is entered, so only
 * someone who holds the new address can move the account to it.
 */
export async function requestEmailChange(
  call: AccountCall,
  input: { newEmail: string; currentPassword?: string },
): Promise<{ codeSentTo: string }> {
  if (await hasPassword(call.db, call.user.id)) {
    if (!input.currentPassword) {
      throw new AppError("validation", { fields: { currentPassword: "validation:required" } });
    }
    await checkCurrentPassword(call, input.currentPassword);
  }
  await expectOk(
    await callAuth(call.request, "/email-otp/request-email-change", { newEmail: input.newEmail }),
    "codeSendFailed",
  );
  return { codeSentTo: input.newEmail };
}

/** Step two: the code sent to the new address proves it; only then the address changes. */
export async function confirmEmailChange(call: AccountCall, input: { newEmail: string; otp: string }) {
  const response = await callAuth(call.request, "/email-otp/change-email", input);
  if (response.status === 403) throw new AppError("codeVerifyFailed");
  await expectOk(response, "codeVerifyFailed");
}

/** A new password; the other sessions end (spec). Returns the refreshed session cookies. */
export async function changePassword(
  call: AccountCall,
  input: { currentPassword: string; password: string },
) {
  const response = await expectOk(
    await callAuth(call.request, "/change-password", {
      currentPassword: input.currentPassword,
      newPassword: input.password,
      revokeOtherSessions: true,
    }),
    "passwordUpdateFailed",
  );
  return response.headers.getSetCookie();
}

export async function revokeOtherSessions(call: AccountCall) {
  await expectOk(await callAuth(call.request, "/revoke-other-sessions", {}), "sessionsRevokeFailed");
}

/** Unlinks a linked account of this user, never the last way in. */
export async function unlinkAccount(call: AccountCall, accountId: string) {
  if ((await waysInWithout(call.db, call.user.id, { accountId })) < 1) throw new AppError("unlinkLastMethod");
  // better-auth checks that the account is one of this user's.
  await expectOk(await callAuth(call.request, "/unlink-account", { accountId }), "unlinkFailed");
}

export async function renamePasskey(call: AccountCall, input: { id: string; name: string }) {
  const response = await callAuth(call.request, "/passkey/update-passkey", input);
  if (response.status === 404) throw new AppError("notFound");
  await expectOk(response, "passkeyRenameFailed");
}

/** Deletes a passkey of this user, never the last way in. */
export async function deletePasskey(call: AccountCall, input: { id: string }) {
  if ((await waysInWithout(call.db, call.user.id, { passkeyId: input.id })) < 1) {
    throw new AppError("unlinkLastMethod");
  }
  const response = await callAuth(call.request, "/passkey/delete-passkey", input);
  if (response.status === 404) throw new AppError("notFound");
  await expectOk(response, "passkeyDeleteFailed");
}
