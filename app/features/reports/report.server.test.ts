import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { productReport } from "~/db/schema/compliance";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import en from "~/locales/en/errors.json";
import type { MailMessage } from "~/mail/mailer.server";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { reportSchema } from "./report.schema";
import {
  listPriceCorrectionsDue,
  listReports,
  REPORT_LIMITS,
  resolveReport,
  submitReport,
} from "./report.server";

const outbox: MailMessage[] = [];
vi.mock("~/mail/mailer.server", () => ({
  sendMail: async (message: MailMessage) => {
    outbox.push(message);
  },
}));

const database = databaseForThisFile();

const now = new Date("2026-11-20T09:00:00Z");
async function shopWithProduct(name = "Кафе Гранд 200 г") {
  const shop = await createTestStore(database);
  const product = await createProduct(shop.ctx, productInput({ name, price: "150" }));
  return { ...shop, product };
}
const report = (
  productId: string,
  fields: Partial<{ reasons: string[]; description: string; website: string }> = {},
) => reportSchema.parse({ productId, reasons: ["price"], description: "На полица пишува 140", ...fields });

describe("customer reports", () => {
  it("validates reasons and the description", () => {
    const id = "7d1e4a56-3c3b-4a51-9d1f-0a6b2b1c9e11";
    expect(reportSchema.safeParse({ productId: id, reasons: [] }).success).toBe(false);
    const other = reportSchema.safeParse({ productId: id, reasons: ["other"], description: " " });
    expect(other.error?.issues[0]).toMatchObject({
      path: ["description"],
      message: "compliance:report.descriptionRequired",
    });
    expect(
      reportSchema.safeParse({ productId: id, reasons: ["image"], description: "x".repeat(1001) }).success,
    ).toBe(false);
    expect(
      reportSchema.safeParse({ productId: id, reasons: ["image"], description: "x".repeat(1000) }).success,
    ).toBe(true);
    expect(reportSchema.safeParse({ productId: id, reasons: ["price", "other"] }).success).toBe(false);
    expect(reportSchema.safeParse({ productId: id, reasons: ["price", "sale"] }).success).toBe(false);
    expect(reportSchema.parse({ productId: id, reasons: ["price", "price", "image"] }).reasons).toEqual([
      "price",
      "image",
    ]);
  });

  it("says 'Report submit failed', stores nothing and mails nobody when the report cannot be stored", async () => {
    const shop = await shopWithProduct("Млеко 1 л");
    // The database refuses the insert (a full disk, a lost connection), also inside a transaction:
    // reads still work.
    const refuseInserts = <T extends object>(db: T): T =>
      new Proxy(db, {
        get(target, key, receiver) {
          if (key === "insert")
            return () => {
              throw new Error("could not extend file");
            };
          if (key === "transaction") {
            const transaction = Reflect.get(target, key, receiver) as (
              work: (tx: object) => Promise<unknown>,
            ) => Promise<unknown>;
            return (work: (tx: object) => Promise<unknown>) =>
              transaction.call(target, (tx) => work(refuseInserts(tx)));
          }
          return Reflect.get(target, key, receiver);
        },
      });
    const failing = refuseInserts(database.db);
    const failure = await submitReport(failing, {
      username: shop.username,
      visitor: "v-fail",
      report: report(shop.product.id),
      now,
    }).catch((error) => error);
    expect(failure).toMatchObject({ code: "reportSubmitFailed", messageKey: "errors:reportSubmitFailed" });
    expect(en.reportSubmitFailed).toBe("Report submit failed");
    expect(
      await database.db.select().from(productReport).where(eq(productReport.storeId, shop.storeId)),
    ).toEqual([]);
    expect(outbox.some((message) => message.subject.includes("Млеко 1 л"))).toBe(false);
  });

  it("reaches the owner's list and mailbox, asks for a 24-hour price correction, and can be resolved", async () => {
    const shop = await shopWithProduct();
    await submitReport(database.db, {
      username: shop.username,
      visitor: "v-1",
      report: report(shop.product.id),
      now,
    });
    const list = await listReports(shop.ctx, { status: "new", page: 1 });
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ productName: "Кафе Гранд 200 г", reasons: ["price"] });
    const mail = outbox.find((message) => message.subject.includes("Кафе Гранд"));
    const owner = await database.db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, shop.userId) });
    expect(mail?.to).toBe(owner!.email);
    expect(mail?.text).toContain("На полица пишува 140");
    const due = await listPriceCorrectionsDue(shop.ctx, new Date(now.getTime() + 3_600_000));
    expect(due.map((item) => item.dueAt.toISOString())).toEqual(["2026-11-21T09:00:00.000Z"]);
    expect(await listPriceCorrectionsDue(shop.ctx, new Date(now.getTime() + 25 * 3_600_000))).toEqual([]);

    await resolveReport(shop.ctx, list.rows[0]!.id, now);
    // Resolved: the dashboard no longer asks for the correction.
    expect(await listPriceCorrectionsDue(shop.ctx, new Date(now.getTime() + 3_600_000))).toEqual([]);
    expect((await listReports(shop.ctx, { status: "new", page: 1 })).rows).toEqual([]);
    expect((await listReports(shop.ctx, { status: "resolved", page: 1 })).rows).toHaveLength(1);
  });

  it("stores nothing when the honeypot is filled", async () => {
    const shop = await shopWithProduct();
    const result = await submitReport(database.db, {
      username: shop.username,
      visitor: "bot",
      report: report(shop.product.id, { website: "http://spam" }),
      now,
    });
    expect(result.stored).toBe(false);
    expect(
      await database.db.select().from(productReport).where(eq(productReport.storeId, shop.storeId)),
    ).toEqual([]);
  });

  it("lets simultaneous reports of one visitor past the limit no more than one at a time", async () => {
    const shop = await shopWithProduct();
    const results = await Promise.allSettled(
      Array.from({ length: REPORT_LIMITS.perHour * 2 }, () =>
        submitReport(database.db, {
          username: shop.username,
          visitor: "burst",
          report: report(shop.product.id),
          now,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(REPORT_LIMITS.perHour);
    expect(
      results.filter(
        (r) => r.status === "rejected" && (r.reason as { code?: string }).code === "rateLimited",
      ),
    ).toHaveLength(REPORT_LIMITS.perHour);
    const stored = await database.db
      .select()
      .from(productReport)
      .where(eq(productReport.storeId, shop.storeId));
    expect(stored).toHaveLength(REPORT_LIMITS.perHour);
  });

  it("limits reports per visitor, counted in the database", async () => {
    const shop = await shopWithProduct();
    for (let i = 0; i < REPORT_LIMITS.perHour; i++) {
      await submitReport(database.db, {
        username: shop.username,
        visitor: "busy",
        report: report(shop.product.id),
        now,
      });
    }
    await expect(
      submitReport(database.db, {
        username: shop.username,
        visitor: "busy",
        report: report(shop.product.id),
        now,
      }),
    ).rejects.toMatchObject({ code: "rateLimited" });
    // Another visitor is not affected.
    await submitReport(database.db, {
      username: shop.username,
      visitor: "calm",
      report: report(shop.product.id),
      now,
    });
  });

  it("refuses another store's product and another store's report (cross-store)", async () => {
    const shop = await shopWithProduct();
    const other = await shopWithProduct("Туѓ производ");
    // Reporting the other store's product through this store's page.
    await expect(
      submitReport(database.db, {
        username: shop.username,
        visitor: "x-1",
        report: report(other.product.id),
        now,
      }),
    ).rejects.toMatchObject({ code: "notFound" });
    await submitReport(database.db, {
      username: other.username,
      visitor: "x-2",
      report: report(other.product.id),
      now,
    });
    const [theirs] = (await listReports(other.ctx, { status: "new", page: 1 })).rows;
    await expect(resolveReport(shop.ctx, theirs!.id, now)).rejects.toMatchObject({ code: "notFound" });
    expect((await listReports(shop.ctx, { status: "new", page: 1 })).rows).toEqual([]);
    expect((await listReports(other.ctx, { status: "new", page: 1 })).rows[0]).toMatchObject({
      status: "new",
    });
  });
});
