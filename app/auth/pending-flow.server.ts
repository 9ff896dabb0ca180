import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/lib/config.server";
import { CODE_TTL_SECONDS } from "./auth-limits";

// A code flow in progress, carried in a signed, HttpOnly cookie: a sign-in code ("otp"), the proof
// of the address after registration or an old account's password sign-in ("verify", decision
// 0019), or a password reset. It holds only the address and when the last code went out; the code
// itself stays in the database and is entered once, in the step that uses it (decision 0020).
export type PendingFlow = {
  kind: "otp" | "verify" | "reset";
  email: string;
  /** Epoch milliseconds of the last code sent, for the resend cool-down. */
  sentAt: number;
};

const COOKIE = "vitrina_flow";

function sign(payload: string): string {
  return createHmac("sha256", getConfig().authSecret).update(`flow:${payload}`).digest("base64url");
}

function secureAttributes(): string {
  return getConfig().baseUrl.startsWith("https://") ? "; Secure" : "";
}

export function pendingFlowCookie(flow: PendingFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return `${COOKIE}=${payload}.${sign(payload)}; Path=/auth; Max-Age=${CODE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secureAttributes()}`;
}

export function clearPendingFlowCookie(): string {
  return `${COOKIE}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax${secureAttributes()}`;
}

export function readPendingFlow(request: Request): PendingFlow | null {
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)vitrina_flow=([\w-]+)\.([\w-]+)/);
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(sign(match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flow = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")) as PendingFlow;
    if (flow.kind !== "otp" && flow.kind !== "verify" && flow.kind !== "reset") return null;
    if (typeof flow.email !== "string" || typeof flow.sentAt !== "number") return null;
    if (Date.now() - flow.sentAt > CODE_TTL_SECONDS * 1000) return null;
    return flow;
  } catch {
    return null;
  }
}
