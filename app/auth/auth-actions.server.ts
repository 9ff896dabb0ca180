import { data, redirect } from "react-router";
import { getConfig } from "~/lib/config.server";
import type { FieldErrors } from "~/lib/form";
import { fieldErrors, formObject } from "~/lib/form";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import { emailOnlySchema, loginSchema } from "./auth.schema";
import { authCookies, callAuth } from "./auth-call.server";
import { RESEND_COOLDOWN_SECONDS } from "./auth-limits";
import { clearPendingFlowCookie, type PendingFlow, pendingFlowCookie } from "./pending-flow.server";

export type FormErrors = { errors: FieldErrors; formValues?: Record<string, number> };

export function formError(key: string, status: number) {
  return data<FormErrors>({ errors: { form: key } }, { status });
}

/** 429, saying for how long when the limit knows it (issue 12 §12: "try again in 12 minutes"). */
export function rateLimited(response: Response) {
  const seconds = Number(response.headers.get("retry-after"));
  if (!Number.isFinite(seconds) || seconds <= 0) return formError("errors:rateLimited", 429);
  return data<FormErrors>(
    {
      errors: { form: "errors:rateLimitedFor" },
      formValues: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    },
    { status: 429 },
  );
}

/** 429 speaks of waiting; a used-up code asks for a new one; else the flow's own message (spec §8). */
export function failure(response: Response, key: string) {
  if (response.status === 429) return rateLimited(response);
  if (response.status === 403 && key === "errors:codeVerifyFailed")
    return formError("errors:codeUsedUp", 400);
  return formError(key, 400);
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
export async function passwordSignIn(request: Request, form: FormData) {
  const parsed = loginSchema.safeParse(formObject(form));
  if (!parsed.success) return data<FormErrors>({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const response = await callAuth(request, "/sign-in/email", parsed.data);
  if (response.status === 403) {
    // The right password of an address never proven (an account made before decision 0019): a
    // code went to the address; entering it signs in.
    return redirect("/auth/verify-otp", {
      headers: {
        "Set-Cookie": pendingFlowCookie({ kind: "verify", email: parsed.data.email, sentAt: Date.now() }),
      },
    });
  }
  if (!response.ok) {
    // One message whatever went wrong, so that nobody learns whether an e-mail is registered.
    return response.status === 429 ? rateLimited(response) : formError("errors:loginFailed", 401);
  }
  const headers = authCookies(response);
  headers.append("Set-Cookie", clearPendingFlowCookie());
  return redirect(POST_LOGIN_PATH, { headers });
}

/** Sends a sign-in code (which also creates the account of a new address) and opens the code page. */
export async function requestSignInCode(request: Request, form: FormData) {
  const parsed = emailOnlySchema.safeParse(formObject(form));
  if (!parsed.success) return data<FormErrors>({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const response = await callAuth(request, "/email-otp/send-verification-otp", {
    email: parsed.data.email,
    type: "sign-in",
  });
  if (!response.ok) return failure(response, "errors:codeSendFailed");
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    pendingFlowCookie({ kind: "otp", email: parsed.data.email, sentAt: Date.now() }),
  );
  return redirect("/auth/verify-otp", { headers });
}

/** Starts Google's authorization; the callback lands on better-auth, then the dashboard. */
export async function startGoogle(request: Request, link = false) {
  if (!googleEnabled()) return formError("errors:unexpected", 400);
  const response = await callAuth(request, link ? "/link-social" : "/sign-in/social", {
    provider: "google",
    callbackURL: link ? "/dashboard/settings?linked=google" : POST_LOGIN_PATH,
    errorCallbackURL: link ? "/dashboard/settings?error=link" : "/auth/login?error=google",
    newUserCallbackURL: link ? undefined : "/onboarding",
  });
  const body = (await response.json().catch(() => null)) as { url?: string } | null;
  if (!response.ok || !body?.url) return failure(response, link ? "errors:linkFailed" : "errors:loginFailed");
  return redirect(body.url, { headers: authCookies(response) });
}
