import { and, count, eq, gte, sql } from "drizzle-orm";
import { user } from "~/db/schema/auth";
import { customPlanRequest, storeBilling } from "~/db/schema/billing";
import { store } from "~/db/schema/stores";
import { getFixedT } from "~/i18n/i18n.server";
import { AppError } from "~/lib/app-error";
import { getConfig } from "~/lib/config.server";
import { logger } from "~/lib/logger.server";
import type { StoreContext } from "~/lib/service-context";
import { renderMail } from "~/mail/layout.server";
import { sendMail } from "~/mail/mailer.server";
import type { CustomPlanInput } from "./billing.schema";
import { type BillingState, showsBillingBanner, trialState } from "./billing-state";
import { availableMethods } from "./providers.server";
import { listStorePayments } from "./transactions.queries.server";

// What the owner's billing pages and the dashboard banner read, and the custom-plan
// contact form. Everything is the signed-in owner's store (ctx.storeId from the session).

async function billingFacts(ctx: StoreContext) {
  const [row] = await ctx.db
    .select({
      trialEndsAt: store.trialEndsAt,
      active: store.active,
      plan: storeBilling.plan,
      method: storeBilling.method,
      paidUntil: storeBilling.paidUntil,
      suspendedAt: storeBilling.suspendedAt,
    })
    .from(store)
    .leftJoin(storeBilling, eq(storeBilling.storeId, store.id))
    .where(eq(store.id, ctx.storeId));
  if (!row) throw new AppError("storeNotFound");
  return row;
}

export type BillingBanner = BillingState & { inactive: boolean };

/** The billing page: state, the payment waiting for money, the history, the methods on offer. */
export async function getBillingOverview(ctx: StoreContext, now: Date) {
  try {
    const facts = await billingFacts(ctx);
    const payments = await listStorePayments(ctx);
    return {
      state: trialState(facts, now),
      method: facts.method,
      inactive: !facts.active,
      pending: payments.find((row) => row.status === "pending") ?? null,
      payments,
      methods: availableMethods(),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // "Failed to load billing".
    throw new AppError("billingLoadFailed", { cause: error });
  }
}

/**
 * The banner every dashboard page shows when the end is 7 days away or past, or the store is
 * inactive for non-payment; null otherwise. A failure here never breaks the page (it is logged).
 */
export async function getBillingBanner(ctx: StoreContext, now: Date): Promise<BillingBanner | null> {
  try {
    const facts = await billingFacts(ctx);
    const state = trialState(facts, now);
    const inactive = !facts.active && facts.suspendedAt !== null;
    return showsBillingBanner(state) || inactive ? { ...state, inactive } : null;
  } catch (error) {
    logger.error({ err: error, storeId: ctx.storeId }, "billing banner not loaded");
    return null;
  }
}

/** Custom-plan requests a store may send in 24 hours (the form e-mails the operator). */
export const CUSTOM_PLAN_REQUESTS_PER_DAY = 3;
const CUSTOM_PLAN_LOCK = 0x56435052; // "VCPR"

/** The custom plan's contact form: stored, rate-limited per store, e-mailed to the operator. */
export async function requestCustomPlan(ctx: StoreContext, input: CustomPlanInput, now: Date): Promise<void> {
  const details = await ctx.db.transaction(async (tx) => {
    // One store's requests are counted and stored one at a time, so parallel posts cannot all pass.
    await tx.execute(sql`select pg_advisory_xact_lock(${CUSTOM_PLAN_LOCK}, hashtext(${ctx.storeId}))`);
    const [recent] = await tx
      .select({ value: count() })
      .from(customPlanRequest)
      .where(
        and(
          eq(customPlanRequest.storeId, ctx.storeId),
          gte(customPlanRequest.createdAt, new Date(now.getTime() - 86_400_000)),
        ),
      );
    if ((recent?.value ?? 0) >= CUSTOM_PLAN_REQUESTS_PER_DAY)
      throw new AppError("rateLimited", { fields: { form: "billing:custom.rateLimited" } });
    await tx.insert(customPlanRequest).values({
      storeId: ctx.storeId,
      userId: ctx.actor.userId,
      message: input.message,
      phone: input.phone,
      createdAt: now,
    });
    const [row] = await tx
      .select({ name: store.name, username: store.username, company: store.companyName, email: user.email })
      .from(store)
      .innerJoin(user, eq(user.id, store.ownerId))
      .where(eq(store.id, ctx.storeId));
    return row!;
  });
  const config = getConfig();
  // The operator reads Macedonian; renderMail escapes every value in the HTML part.
  const t = getFixedT("mk");
  try {
    await sendMail(
      renderMail(
        config.operator.email,
        {
          subject: t("billing:custom.mail.subject", { store: details.name }),
          heading: t("billing:custom.mail.heading"),
          paragraphs: [
            t("billing:custom.mail.from", {
              store: details.name,
              username: details.username,
              company: details.company,
              email: details.email,
              phone: input.phone ?? "—",
            }),
            input.message,
          ],
          footer: t("billing:custom.mail.footer"),
        },
        "mk",
      ),
    );
  } catch (error) {
    throw new AppError("contactSendFailed", { cause: error });
  }
}
