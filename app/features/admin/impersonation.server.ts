import { getAuth } from "~/auth/auth.server";
import { authCookies } from "~/auth/auth-call.server";
import { clientOf } from "~/auth/auth-hooks.server";
import type { SessionUser } from "~/auth/session.server";
import type { Db } from "~/db/client.server";
import { recordAudit } from "~/features/audit/audit.server";
import { AppError } from "~/lib/app-error";
import { logger } from "~/lib/logger.server";
import { isUuid } from "~/lib/uuid";
import { getUserForAdmin } from "./admin-users.server";

// "Act as" (decision 0044). better-auth's admin plugin swaps the session: the
// admin's own session waits in a signed cookie, the new one is the owner's with `impersonatedBy`
// and ends after an hour. Both ends are audited with both identities.

export type ImpersonationCall = { db: Db; request: Request };

/** The session an impersonation runs in lasts at most this long (decision 0091). */
export { IMPERSONATION_SECONDS } from "~/auth/auth-limits";

/** Starts acting as `userId`; answers the cookies that carry the new session. */
export async function startImpersonation(
  call: ImpersonationCall,
  admin: SessionUser,
  userId: string | undefined,
): Promise<Headers> {
  // 'User ID is required'.
  if (!userId) throw new AppError("userIdRequired");
  if (!isUuid(userId)) throw new AppError("notFound");
  const target = await getUserForAdmin(call.db, userId);
  if (!target) throw new AppError("notFound");
  if (target.role === "admin") throw new AppError("cannotImpersonateAdmin");
  if (target.id === admin.id) throw new AppError("cannotImpersonateAdmin");
  if (!target.emailVerified) throw new AppError("impersonateUnverified");
  const response = await getAuth().api.impersonateUser({
    body: { userId: target.id },
    headers: call.request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    logger.warn({ status: response.status, body: await response.text() }, "impersonation refused");
    throw new AppError("impersonateFailed");
  }
  await recordAudit(call.db, {
    action: "impersonation_started",
    userId: admin.id,
    email: admin.email,
    ...clientOf({ headers: call.request.headers }),
    details: { targetUserId: target.id, targetEmail: target.email, adminEmail: admin.email },
  });
  return authCookies(response);
}

/** Ends the impersonation of the current session and gives the admin their own session back. */
export async function stopImpersonation(call: ImpersonationCall, acting: SessionUser): Promise<Headers> {
  if (!acting.impersonatedBy) throw new AppError("notFound");
  const response = await getAuth().api.stopImpersonating({ headers: call.request.headers, asResponse: true });
  if (!response.ok) {
    logger.warn({ status: response.status, body: await response.text() }, "stopping impersonation failed");
    throw new AppError("stopImpersonationFailed");
  }
  const admin = await getUserForAdmin(call.db, acting.impersonatedBy);
  await recordAudit(call.db, {
    action: "impersonation_stopped",
    userId: acting.impersonatedBy,
    email: admin?.email ?? null,
    ...clientOf({ headers: call.request.headers }),
    details: { targetUserId: acting.id, targetEmail: acting.email, adminEmail: admin?.email ?? null },
  });
  return authCookies(response);
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Decision 0044: what an admin changes while acting as an owner is audited as done by the admin on
 * behalf of the owner. Called by the root middleware for every request of an impersonated session;
 * a write (any non-read method that was not refused) leaves one row with both identities.
 */
export async function auditImpersonatedChange(
  db: Db,
  request: Request,
  acting: SessionUser | null,
  status: number,
): Promise<void> {
  if (!acting?.impersonatedBy || READ_METHODS.has(request.method) || status >= 400) return;
  const url = new URL(request.url);
  // The impersonation calls audit themselves.
  if (url.pathname.startsWith("/api/admin/")) return;
  await recordAudit(db, {
    action: "impersonated_change",
    userId: acting.impersonatedBy,
    method: request.method,
    ...clientOf({ headers: request.headers }),
    details: {
      targetUserId: acting.id,
      targetEmail: acting.email,
      path: url.pathname.replace(/\.data$/, ""),
      intent: url.searchParams.get("index") === null ? undefined : "index",
    },
  });
}
