import { and, count, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type AuditAction, auditLog } from "~/db/schema/account-security";
import { verification } from "~/db/schema/auth";
import {
  ACCOUNT_WINDOW_SECONDS,
  CODE_FAILURES_PER_WINDOW,
  CODE_SENDS_PER_WINDOW,
  CODE_WRONG_TRIES,
  SIGN_IN_FAILURES_PER_WINDOW,
} from "./auth-limits";

// Attempts on a secret (a code, a password) are counted BEFORE the secret is checked, each in one
// short transaction under an advisory lock on the address (as reports do, decision 0020): parallel
// requests queue for the count, so no burst gets more tries than the limit, whatever its source
// addresses. An attempt counts as failed until its success is recorded.

// First key of the two-key advisory lock that serialises one address's attempts ("VATT").
const ATTEMPT_LOCK_NAMESPACE = 0x56415454;

export type CodeType = "sign-in" | "email-verification" | "forget-password" | "change-email";

type Client = { ipAddress?: string | null; userAgent?: string | null };

export type AttemptVerdict =
  | { ok: true }
  /** The address is locked for `retryAfter` seconds. */
  | { ok: false; reason: "address"; retryAfter: number }
  /** This code had its tries: a new one must be asked for. */
  | { ok: false; reason: "code" };

const windowStart = () => new Date(Date.now() - ACCOUNT_WINDOW_SECONDS * 1000);

function normal(email: string): string {
  return email.trim().toLowerCase();
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function lockAddress(tx: Tx, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_NAMESPACE}, hashtext(${email}))`);
}

/** Rows of these actions for the address in the window, and the oldest of them. */
async function recent(tx: Tx, email: string, actions: AuditAction[]) {
  const [row] = await tx
    .select({ n: count(), oldest: sql<string | null>`min(${auditLog.createdAt})` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.email, email),
        inArray(auditLog.action, actions),
        gt(auditLog.createdAt, windowStart()),
      ),
    );
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

async function countOf(tx: Tx, email: string, action: AuditAction, since: Date, type?: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.email, email),
        eq(auditLog.action, action),
        gt(auditLog.createdAt, since),
        type ? sql`${auditLog.details}->>'type' = ${type}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Seconds until the oldest counted row leaves the window. */
function secondsLeft(oldest: Date | null): number {
  if (!oldest) return ACCOUNT_WINDOW_SECONDS;
  return Math.max(1, Math.ceil((oldest.getTime() + ACCOUNT_WINDOW_SECONDS * 1000 - Date.now()) / 1000));
}

/** When the current code of this type was issued (its tries count from then). */
async function codeIssuedAt(tx: Tx, email: string, type: CodeType): Promise<Date> {
  const [row] = await tx
    .select({ at: max(auditLog.createdAt) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.email, email),
        eq(auditLog.action, "code_issued"),
        sql`${auditLog.details}->>'type' = ${type}`,
        gt(auditLog.createdAt, windowStart()),
      ),
    );
  return row?.at ? new Date(row.at) : windowStart();
}

async function insert(tx: Tx, action: AuditAction, email: string, client: Client, details?: object) {
  await tx.insert(auditLog).values({
    action,
    email,
    ipAddress: client.ipAddress ?? null,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    details: (details as Record<string, unknown>) ?? null,
  });
}

/**
 * Counts one try of a code before it is checked. Refused when the address had its failures in the
 * window (429) or this code had its tries (the code is then deleted: a new one must be sent).
 */
export async function beginCodeAttempt(
  db: Db,
  input: { email: string; type: CodeType; identifier: string; path: string } & Client,
): Promise<AttemptVerdict> {
  const email = normal(input.email);
  return db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const tries = await recent(tx, email, ["code_attempt"]);
    const accepted = await recent(tx, email, ["code_accepted"]);
    if (tries.n - accepted.n >= CODE_FAILURES_PER_WINDOW) {
      return { ok: false, reason: "address", retryAfter: secondsLeft(tries.oldest) };
    }
    const issued = await codeIssuedAt(tx, email, input.type);
    if ((await countOf(tx, email, "code_attempt", issued, input.type)) >= CODE_WRONG_TRIES) {
      await tx.delete(verification).where(eq(verification.identifier, input.identifier));
      return { ok: false, reason: "code" };
    }
    await insert(tx, "code_attempt", email, input, { type: input.type, path: input.path });
    return { ok: true };
  });
}

/**
 * Counts one request for a code before it is sent (at most CODE_SENDS_PER_WINDOW per address).
 * When the current code was already tried, its verification row is deleted, so that the resend
 * issues a new code instead of repeating a half-guessed one.
 */
export async function beginCodeSend(
  db: Db,
  input: { email: string; type: CodeType; identifier: string } & Client,
): Promise<AttemptVerdict> {
  const email = normal(input.email);
  return db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const sent = await recent(tx, email, ["code_sent"]);
    if (sent.n >= CODE_SENDS_PER_WINDOW)
      return { ok: false, reason: "address", retryAfter: secondsLeft(sent.oldest) };
    const issued = await codeIssuedAt(tx, email, input.type);
    if ((await countOf(tx, email, "code_attempt", issued, input.type)) > 0) {
      await tx.delete(verification).where(eq(verification.identifier, input.identifier));
    }
    await insert(tx, "code_sent", email, input, { type: input.type });
    // The tries of the code about to go out count from here.
    await insert(tx, "code_issued", email, input, { type: input.type });
    return { ok: true };
  });
}

/** Counts one password try before it is checked (sign-in, and the settings that ask for it). */
export async function beginPasswordAttempt(
  db: Db,
  input: { email: string; method: string } & Client,
): Promise<AttemptVerdict> {
  const email = normal(input.email);
  return db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const tries = await recent(tx, email, ["sign_in_attempt"]);
    const accepted = await recent(tx, email, ["sign_in_accepted"]);
    if (tries.n - accepted.n >= SIGN_IN_FAILURES_PER_WINDOW) {
      return { ok: false, reason: "address", retryAfter: secondsLeft(tries.oldest) };
    }
    await insert(tx, "sign_in_attempt", email, input, { method: input.method });
    return { ok: true };
  });
}

/** Records that an attempt succeeded, so that it stops counting as a failure. */
export async function acceptAttempt(
  db: Db,
  action: "code_accepted" | "sign_in_accepted" | "code_issued",
  email: string,
  client: Client & { details?: object } = {},
): Promise<void> {
  await db.transaction(async (tx) => insert(tx, action, normal(email), client, client.details));
}
