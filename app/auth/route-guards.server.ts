import { createContext, type MiddlewareFunction, redirect } from "react-router";
import { type PendingFlow, readPendingFlow } from "./pending-flow.server";

// Route guards as typed middleware (decision 0013). A route module names its guard from this table
// (`export const middleware = [guards.oneTimeCode]`): a misspelt or missing guard is a type
// error at build time, where the specification only had a runtime 'Unknown route middleware'.

/** The pending code flow a guarded route may read. */
export const pendingFlowContext = createContext<PendingFlow | null>(null);

function requireFlow(kinds: PendingFlow["kind"][], start: string): MiddlewareFunction<Response> {
  return ({ request, context }, next) => {
    const flow = readPendingFlow(request);
    if (!flow || !kinds.includes(flow.kind)) throw redirect(start);
    context.set(pendingFlowContext, flow);
    return next();
  };
}

export const guards = {
  /**
   * /auth/verify-otp: only while a sign-in code or the proof of an address is pending; otherwise
   * back to the login page.
   */
  oneTimeCode: requireFlow(["otp", "verify"], "/auth/login?mode=code"),
  /** /auth/reset-password: only while a reset is pending; otherwise back to forgot-password. */
  resetPassword: requireFlow(["reset"], "/auth/forgot-password"),
} as const satisfies Record<string, MiddlewareFunction<Response>>;

export type GuardName = keyof typeof guards;
