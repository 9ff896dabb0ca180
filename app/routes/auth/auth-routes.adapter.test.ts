import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PendingFlow } from "~/auth/pending-flow.server";
import { pendingFlowContext } from "~/auth/route-guards.server";
import { logger } from "~/lib/logger.server";

// The sign-in routes answer in the one action-result shape of the route adapter
// (decision 0017): `ok`, field and form errors together, the status of the AppError table, the
// address given back (never a password), the minutes of a rate limit as the message's params.
// The better-auth endpoints are replaced by answers chosen per test.

const callAuth = vi.fn<(request: Request, endpoint: string, body: unknown) => Promise<Response>>();
vi.mock("~/auth/auth-call.server", () => ({
  callAuth: (request: Request, endpoint: string, body: unknown) => callAuth(request, endpoint, body),
  authCookies: () => new Headers({ "Set-Cookie": "session=1; Path=/" }),
}));

const login = await import("./login");
const register = await import("./register");
const forgot = await import("./forgot-password");
const simple = await import("./login-simple-password");
const verify = await import("./verify-otp");
const reset = await import("./reset-password");

type Answer = { data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as Answer).init?.status ?? 200);
const bodyOf = (answer: unknown) => (answer as Answer).data ?? answer;

function post(values: Record<string, string>) {
  const request = new Request("http://localhost/auth/x", {
    method: "POST",
    body: new URLSearchParams(values),
  });
  return { request, context: new RouterContextProvider(), params: {} } as never;
}

function postWithFlow(values: Record<string, string>, flow: PendingFlow) {
  const args = post(values) as { context: RouterContextProvider };
  args.context.set(pendingFlowContext, flow);
  return args as never;
}

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(status === 200 ? "{}" : null, { status, headers });

beforeEach(() => {
  callAuth.mockReset();
});
afterEach(() => vi.restoreAllMocks());

const EMAIL = "owner@example.mk";

describe("login", () => {
  it("a wrong password answers 401 loginFailed and gives back the address, not the password", async () => {
    callAuth.mockResolvedValue(answer(401));
    const result = await login.action(post({ intent: "password", email: EMAIL, password: "Wrong-pass-1" }));
    expect(statusOf(result)).toBe(401);
    expect(bodyOf(result)).toEqual({
      ok: false,
      intent: "password",
      errors: { form: "errors:loginFailed" },
      values: { email: EMAIL },
    });
  });

  it("a rate limit answers 429 and says for how many minutes (Retry-After 700 s: 12 min)", async () => {
    callAuth.mockResolvedValue(answer(429, { "retry-after": "700" }));
    const result = await login.action(post({ intent: "password", email: EMAIL, password: "Wrong-pass-1" }));
    expect(statusOf(result)).toBe(429);
    expect(bodyOf(result)).toMatchObject({
      ok: false,
      errors: { form: "errors:rateLimitedFor" },
      params: { minutes: 12 },
    });
  });

  it("a malformed address answers 400 with the field's error and asks nothing of better-auth", async () => {
    const result = await login.action(post({ intent: "code", email: "not-an-address" }));
    expect(statusOf(result)).toBe(400);
    expect(bodyOf(result)).toMatchObject({ ok: false, intent: "code", values: { email: "not-an-address" } });
    expect(Object.keys((bodyOf(result) as { errors: object }).errors)).toEqual(["email"]);
    expect(callAuth).not.toHaveBeenCalled();
  });

  it("a sign-in code opens the code page; an unknown intent answers 400", async () => {
    callAuth.mockResolvedValue(answer(200));
    const sent = await login.action(post({ intent: "code", email: EMAIL }));
    expect(sent).toBeInstanceOf(Response);
    expect((sent as Response).headers.get("location")).toBe("/auth/verify-otp");
    const unknown = await login.action(post({ intent: "nothing" }));
    expect(statusOf(unknown)).toBe(400);
    expect(bodyOf(unknown)).toMatchObject({ ok: false, errors: { form: "errors:validation" } });
  });

  it("a failure nobody expected answers 500 and is logged through pino", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    callAuth.mockRejectedValue(new Error("database down"));
    const result = await simple.action(post({ intent: "password", email: EMAIL, password: "Any-pass-12" }));
    expect(statusOf(result)).toBe(500);
    expect(bodyOf(result)).toMatchObject({ ok: false, errors: { form: "errors:unexpected" } });
    expect(log).toHaveBeenCalledOnce();
  });
});

describe("register", () => {
  it("the password step goes on to the code step; a refusal answers 400 registrationFailed", async () => {
    callAuth.mockResolvedValue(answer(200));
    const values = { intent: "password", email: EMAIL, password: "Tr1cky-horse-battery" };
    const next = await register.action(post({ ...values, confirmPassword: values.password }));
    expect((next as Response).headers.get("location")).toBe("/auth/verify-otp");
    expect((next as Response).headers.get("set-cookie")).toContain("vitrina_flow=");
    callAuth.mockResolvedValue(answer(422));
    const refused = await register.action(post({ ...values, confirmPassword: values.password }));
    expect(statusOf(refused)).toBe(400);
    expect(bodyOf(refused)).toEqual({
      ok: false,
      intent: "password",
      errors: { form: "errors:registrationFailed" },
      values: { email: EMAIL },
    });
  });

  it("a rate limit without Retry-After answers 429 rateLimited", async () => {
    callAuth.mockResolvedValue(answer(429));
    const values = { intent: "password", email: EMAIL, password: "Tr1cky-horse-battery" };
    const result = await register.action(post({ ...values, confirmPassword: values.password }));
    expect(statusOf(result)).toBe(429);
    expect(bodyOf(result)).toMatchObject({ ok: false, errors: { form: "errors:rateLimited" } });
  });
});

describe("forgot password", () => {
  it("a refused send answers 400 codeSendFailed with the address given back", async () => {
    callAuth.mockResolvedValue(answer(400));
    const result = await forgot.action(post({ email: EMAIL }));
    expect(statusOf(result)).toBe(400);
    expect(bodyOf(result)).toEqual({
      ok: false,
      errors: { form: "errors:codeSendFailed" },
      values: { email: EMAIL },
    });
  });
});

describe("code pages", () => {
  const fresh: PendingFlow = { kind: "otp", email: EMAIL, sentAt: Date.now() };
  const old: PendingFlow = { kind: "reset", email: EMAIL, sentAt: Date.now() - 10 * 60_000 };

  it("a code with its tries used up answers 400 codeUsedUp", async () => {
    callAuth.mockResolvedValue(answer(403));
    const result = await verify.action(postWithFlow({ intent: "verify", otp: "123456" }, fresh));
    expect(statusOf(result)).toBe(400);
    expect(bodyOf(result)).toEqual({ ok: false, intent: "verify", errors: { form: "errors:codeUsedUp" } });
  });

  it("a resend inside the cool-down answers 429; after it, ok with resent and a new cool-down cookie", async () => {
    const early = await verify.action(postWithFlow({ intent: "resend" }, fresh));
    expect(statusOf(early)).toBe(429);
    expect(bodyOf(early)).toMatchObject({ ok: false, errors: { form: "errors:codeResendFailed" } });
    expect(callAuth).not.toHaveBeenCalled();
    callAuth.mockResolvedValue(answer(200));
    const later = (await reset.action(postWithFlow({ intent: "resend" }, old))) as Answer;
    expect(bodyOf(later)).toEqual({ ok: true, intent: "resend", resent: true });
    expect(new Headers(later.init?.headers).get("set-cookie")).toContain("vitrina_flow=");
    expect(callAuth.mock.calls[0]?.[1]).toBe("/forget-password/email-otp");
  });

  it("a reset without its intent answers 400 resetPasswordFailed", async () => {
    const result = await reset.action(postWithFlow({ otp: "123456" }, old));
    expect(statusOf(result)).toBe(400);
    expect(bodyOf(result)).toMatchObject({ ok: false, errors: { form: "errors:resetPasswordFailed" } });
  });
});
