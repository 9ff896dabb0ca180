import { createHmac } from "node:crypto";
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { product } from "~/db/schema/catalog";
import { productReport } from "~/db/schema/compliance";
import { store } from "~/db/schema/stores";
import { publicStoreCondition } from "~/features/stores/public-store.server";
import { LOCALES, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { AppError } from "~/lib/app-error";
import { getConfig } from "~/lib/config.server";
import { logger } from "~/lib/logger.server";
import type { StoreContext } from "~/lib/service-context";
import { isUuid } from "~/lib/uuid";
import { renderMail } from "~/mail/layout.server";
import { sendMail } from "~/mail/mailer.server";
import type { ReportInput } from "./report.schema";

/** Per visitor, counted in the database so every instance sees the same count (PRODUCT.md). */
export const REPORT_LIMITS = { perHour: 5, perDay: 20 } as const;
// First key of the two-key advisory lock that serialises one visitor's reports ("VREP").
const REPORT_LOCK_NAMESPACE = 0x56524550;
export const REPORTS_PAGE_SIZE = 50;
/** член 15-а: an unintentional error is corrected within 24 hours. */
export const CORRECTION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A keyed hash of the visitor's address: rate limits without storing the address. */
export function visitorKey(clientIp: string): string {
  return createHmac("sha256", getConfig().authSecret)
    .update(`report:${clientIp}`)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * A report from a signed-out visitor on a store's public page. The store comes from the page's
 * URL and the product must be one of its active products; the owner gets an e-mail.
 */
export async function submitReport(
  db: Queryable,
  input: { username: string; visitor: string; report: ReportInput; now: Date },
): Promise<{ stored: boolean }> {
  // A bot filled the hidden field: thank it and keep nothing.
  if (input.report.website) return { stored: false };
  const [target] = await db
    .select({
      storeId: store.id,
      storeName: store.name,
      productId: product.id,
      productName: product.name,
      ownerEmail: user.email,
      ownerLocale: user.locale,
    })
    .from(product)
    .innerJoin(store, eq(store.id, product.storeId))
    .innerJoin(user, eq(user.id, store.ownerId))
    .where(
      and(
        eq(store.username, input.username.toLowerCase()),
        publicStoreCondition(),
        eq(product.id, input.report.productId),
        eq(product.status, "active"),
      ),
    )
    .limit(1);
  // Deactivated or deleted since the page was loaded: said in the dialog, not as an error page.
  if (!target) throw new AppError("notFound", { fields: { form: "compliance:report.productGone" } });

  const since = (ms: number) => new Date(input.now.getTime() - ms);
  await db.transaction(async (tx) => {
    // One visitor's reports are counted and stored one at a time (a transaction-scoped advisory lock
    // on the visitor), so simultaneous posts cannot all pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_LOCK_NAMESPACE}, hashtext(${input.visitor}))`);
    const [recent] = await tx
      .select({
        hour: sql<number>`count(*) filter (where ${productReport.createdAt} >= ${since(3_600_000).toISOString()})`.mapWith(
          Number,
        ),
        day: count(),
      })
      .from(productReport)
      .where(
        and(eq(productReport.visitorKey, input.visitor), gte(productReport.createdAt, since(86_400_000))),
      );
    if ((recent?.hour ?? 0) >= REPORT_LIMITS.perHour || (recent?.day ?? 0) >= REPORT_LIMITS.perDay) {
      throw new AppError("rateLimited", { fields: { form: "compliance:report.rateLimited" } });
    }
    try {
      await tx.insert(productReport).values({
        storeId: target.storeId,
        productId: target.productId,
        productName: target.productName,
        reasons: input.report.reasons,
        description: input.report.description,
        visitorKey: input.visitor,
        createdAt: input.now,
      });
    } catch (error) {
      throw new AppError("reportSubmitFailed", { cause: error });
    }
  });
  await mailOwner(target, input.report).catch((error) =>
    logger.error({ err: error, storeId: target.storeId }, "report e-mail not sent"),
  );
  return { stored: true };
}

async function mailOwner(
  target: { ownerEmail: string; ownerLocale: string; storeName: string; productName: string },
  report: ReportInput,
) {
  const locale: Locale = (LOCALES as readonly string[]).includes(target.ownerLocale)
    ? (target.ownerLocale as Locale)
    : "mk";
  const t = getFixedT(locale);
  const reasons = report.reasons.map((reason) => t(`compliance:reasons.${reason}`)).join(", ");
  await sendMail(
    renderMail(
      target.ownerEmail,
      {
        subject: t("compliance:reportMail.subject", { product: target.productName }),
        heading: t("compliance:reportMail.heading", { store: target.storeName }),
        paragraphs: [
          t("compliance:reportMail.product", { product: target.productName }),
          t("compliance:reportMail.reasons", { reasons }),
          ...(report.description ? [report.description] : []),
          ...(report.reasons.includes("price") ? [t("compliance:reportMail.correction")] : []),
        ],
        action: { label: t("compliance:reportMail.action"), url: `${getConfig().baseUrl}/dashboard/reports` },
        footer: t("compliance:mailFooter"),
      },
      locale,
    ),
  );
}

export type ReportFilter = "new" | "resolved";

export async function listReports(ctx: StoreContext, query: { status: ReportFilter; page: number }) {
  const where = and(eq(productReport.storeId, ctx.storeId), eq(productReport.status, query.status));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: productReport.id,
        productId: productReport.productId,
        productName: productReport.productName,
        reasons: productReport.reasons,
        description: productReport.description,
        status: productReport.status,
        createdAt: productReport.createdAt,
        resolvedAt: productReport.resolvedAt,
      })
      .from(productReport)
      .where(where)
      .orderBy(desc(productReport.createdAt))
      .limit(REPORTS_PAGE_SIZE)
      .offset((query.page - 1) * REPORTS_PAGE_SIZE),
    ctx.db.select({ value: count() }).from(productReport).where(where),
  ]);
  return { rows, total: total?.value ?? 0, pageSize: REPORTS_PAGE_SIZE };
}

/** Marks one of this store's reports resolved; another store's id is not found. */
export async function resolveReport(ctx: StoreContext, reportId: string, now: Date): Promise<void> {
  if (!isUuid(reportId)) throw new AppError("notFound");
  const rows = await ctx.db
    .update(productReport)
    .set({ status: "resolved", resolvedAt: now })
    .where(and(eq(productReport.storeId, ctx.storeId), eq(productReport.id, reportId)))
    .returning({ id: productReport.id });
  if (rows.length === 0) throw new AppError("notFound");
}

/**
 * Open price reports of the last 24 hours: the dashboard reminds the owner to correct the price
 * before the law's 24 hours run out.
 */
export async function listPriceCorrectionsDue(ctx: StoreContext, now: Date) {
  const rows = await ctx.db
    .select({
      id: productReport.id,
      productId: productReport.productId,
      productName: productReport.productName,
      createdAt: productReport.createdAt,
    })
    .from(productReport)
    .where(
      and(
        eq(productReport.storeId, ctx.storeId),
        eq(productReport.status, "new"),
        sql`'price' = any(${productReport.reasons})`,
        gte(productReport.createdAt, new Date(now.getTime() - CORRECTION_WINDOW_MS)),
      ),
    )
    .orderBy(productReport.createdAt)
    .limit(10);
  return rows.map((row) => ({ ...row, dueAt: new Date(row.createdAt.getTime() + CORRECTION_WINDOW_MS) }));
}
