import { redirect } from "react-router";
import type { FormValues } from "~/lib/action-result";
import { AppError, type ErrorCode } from "~/lib/app-error";
import { getConfig } from "~/lib/config.server";
import { parseForm } from "~/lib/route-adapter.server";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import { emailOnlySchema, loginSchema } from "./auth.schema";
import { authCookies, callAuth } from "./auth-call.server";
import { RESEND_COOLDOWN_SECONDS } from "./auth-limits";
import { clearPendingFlowCookie, type PendingFlow, pendingFlowCookie } from "./pending-flow.server";

// The sign-in steps the auth routes share. Each throws an AppError (or a ZodError) that the route
// adapter answers in the one action-result shape (decision 0017); success is a redirect.

/** What a failed sign-in form gives back: the address, never a password or a code. */
export function typedEmail(values: FormValues): FormValues {
  return { email: values.email ?? "" };
}

/** 429, saying for how long when the limit knows it ("try again in 12 minutes"). */
export function rateLimitError(response: Response): AppError {
  const seconds = Number(response.headers.get("retry-after"));
  if (!Number.isFinite(seconds) || seconds <= 0) return new AppError("rateLimited");
  return new AppError("rateLimitedFor", { params: { minutes: Math.max(1, Math.ceil(seconds / 60)) } });
}

/** 429 speaks of waiting; a used-up code asks for a new one; else the flow's own error. */
export function authError(response: Response, code: ErrorCode): AppError {
  if (response.status === 429) return rateLimitError(response);
  if (response.status === 403 && code === "codeVerifyFailed") return new AppError("codeUsedUp");
  return new AppError(code, { cause: `auth endpoint answered ${response.status}` });
}

export function googleEnabled(): boolean {
  const config = getConfig();
  return Boolean(config.googleClientId && config.googleClientSecret);
}

/** Seconds left before another code may be asked for. */
export function cooldownLeft(flow: PendingFlow): number {
  return Math.max(0, Math.ceil((flow.sentAt + RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000));
}

/** Sign-in with e-mail and password; one message whatever went wrong. */
export async function passwordSignIn(request: Request, values: FormValues): Promise<Response> {
  const input = parseForm(loginSchema, values);
  const response = await callAuth(request, "/sign-in/email", input);
  if (response.status === 403) {
    // The right password of an address never proven (an account made before decision 0019): a
    // code went to the address; entering it signs in.
    return redirect("/auth/verify-otp", {
      headers: {
        "Set-Cookie": pendingFlowCookie({ kind: "verify", email: input.email, sentAt: Date.now() }),
      },
    });
  }
  // One message whatever went wrong, so that nobody learns whether an e-mail is registered.
  if (!response.ok) throw response.status === 429 ? rateLimitError(response) : new AppError("loginFailed");
  const headers = authCookies(response);
  headers.append("Set-Cookie", clearPendingFlowCookie());
  return redirect(POST_LOGIN_PATH, { headers });
}

/** Sends a sign-in code (which also creates the account of a new address) and opens the code page. */
export async function requestSignInCode(request: Request, values: FormValues): Promise<Response> {
  const { email } = parseForm(emailOnlySchema, values);
  const response = await callAuth(request, "/email-otp/send-verification-otp", { email, type: "sign-in" });
  if (!response.ok) throw authError(response, "codeSendFailed");
  return redirect("/auth/verify-otp", {
    headers: { "Set-Cookie": pendingFlowCookie({ kind: "otp", email, sentAt: Date.now() }) },
  });
}

/** Sends the pending flow's code again (after the cool-down); the cookie restarts the cool-down. */
export async function resendCode(request: Request, flow: PendingFlow, headers: Headers) {
  if (cooldownLeft(flow) > 0) throw new AppError("codeResendFailed");
  const response =
    flow.kind === "reset"
      ? await callAuth(request, "/forget-password/email-otp", { email: flow.email })
      : await callAuth(request, "/email-otp/send-verification-otp", {
          email: flow.email,
          type: flow.kind === "verify" ? "email-verification" : "sign-in",
        });
  if (!response.ok) throw authError(response, "codeResendFailed");
  headers.append("Set-Cookie", pendingFlowCookie({ ...flow, sentAt: Date.now() }));
  return { resent: true as const };
}

/** Starts Google's authorization; the callback lands on better-auth, then the dashboard. */
export async function startGoogle(request: Request, link = false): Promise<Response> {
  // Only a forged request asks for Google when it is switched off (the button is not shown).
  if (!googleEnabled()) throw new AppError("validation");
  const response = await callAuth(request, link ? "/link-social" : "/sign-in/social", {
    provider: "google",
    callbackURL: link ? "/dashboard/settings?linked=google" : POST_LOGIN_PATH,
    errorCallbackURL: link ? "/dashboard/settings?error=link" : "/auth/login?error=google",
    newUserCallbackURL: link ? undefined : "/onboarding",
  });
  const body = (await response.json().catch(() => null)) as { url?: string } | null;
  if (!response.ok || !body?.url) throw authError(response, link ? "linkFailed" : "loginFailed");
  return redirect(body.url, { headers: authCookies(response) });
}
