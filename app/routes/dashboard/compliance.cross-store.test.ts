import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { closeDatabase } from "~/db/db.server";
import { priceConfirmation, productReport } from "~/db/schema/compliance";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { reportSchema } from "~/features/reports/report.schema";
import { submitReport } from "~/features/reports/report.server";
import { readFlash } from "~/lib/flash.server";
import { archive } from "../../../tests/support/failing-archive";
import {
  call,
  get,
  post,
  signedIn,
  startRouteDatabase,
  statusOf,
} from "../../../tests/support/route-harness";
import { createTestStore } from "../../../tests/support/test-db";
import * as confirmationRoute from "./confirmation";
import * as reportsRoute from "./reports";

// The confirmation and reports routes with two stores. The store always comes from the
// session, so another store's report id is not found and an answer never reaches another store.

vi.mock("~/mail/mailer.server", () => ({ sendMail: async () => {} }));
// The archive write can be made to fail, to see what the owner is told.
vi.mock("~/features/feeds/snapshot.server", async () =>
  (await import("../../../tests/support/failing-archive")).failingArchive(),
);

let database: Database;
let mine: Awaited<ReturnType<typeof createTestStore>>;
let theirs: Awaited<ReturnType<typeof createTestStore>>;
let theirReportId: string;

async function theirState() {
  const reports = await database.db
    .select()
    .from(productReport)
    .where(eq(productReport.storeId, theirs.storeId));
  const answers = await database.db
    .select()
    .from(priceConfirmation)
    .where(eq(priceConfirmation.storeId, theirs.storeId));
  return JSON.stringify({ reports, answers });
}

/** The flash (its kind and i18n key) a redirect carries, as the next page reads it. */
function flashOf(response: unknown) {
  const cookie = (response as Response).headers.get("set-cookie") ?? "";
  const pair = /flash=[^;]+/.exec(cookie)?.[0];
  return pair ? readFlash(new Request("http://x/", { headers: { cookie: pair } })).flash : null;
}

beforeAll(async () => {
  database = await startRouteDatabase();
  mine = await createTestStore(database);
  theirs = await createTestStore(database);
  const product = await createProduct(theirs.ctx, productInput({ name: "Туѓ", price: "99" }));
  await submitReport(database.db, {
    username: theirs.username,
    visitor: `route-${theirs.storeId}`,
    report: reportSchema.parse({ productId: product.id, reasons: ["other"], description: "Туѓа пријава" }),
    now: new Date(),
  });
  theirReportId = (
    await database.db.select().from(productReport).where(eq(productReport.storeId, theirs.storeId))
  )[0]!.id;
});
afterAll(async () => {
  await closeDatabase();
});

describe("confirmation and reports routes with two stores", () => {
  it("lists only the signed-in owner's reports, and resolving another store's report is not found", async () => {
    const before = await theirState();
    const context = signedIn(mine.userId);
    for (const status of ["new", "resolved"]) {
      const list = (await call(reportsRoute.loader, {
        request: get(`/dashboard/reports?status=${status}`),
        context,
        params: {},
      })) as { rows: unknown[]; total: number };
      expect(list.rows).toEqual([]);
      expect(list.total).toBe(0);
    }
    const request = post("/dashboard/reports", { intent: "resolve", reportId: theirReportId });
    expect(await statusOf(() => call(reportsRoute.action, { request, context, params: {} }))).toBe(404);
    expect(await theirState()).toBe(before);
  });

  it("an owner's yes and no answer only for their own store", async () => {
    const before = await theirState();
    const context = signedIn(mine.userId);
    for (const answer of ["no", "yes"]) {
      const request = post("/dashboard/confirmation", { answer, storeId: theirs.storeId });
      await call(confirmationRoute.action, { request, context, params: {} });
    }
    const mineNow = await database.db
      .select()
      .from(priceConfirmation)
      .where(eq(priceConfirmation.storeId, mine.storeId));
    expect(mineNow.map((row) => row.status)).toEqual(["confirmed"]);
    expect(await theirState()).toBe(before);
  });

  it("tells the owner 'Price update record failed' when the confirmation cannot be stored", async () => {
    const shop = await createTestStore(database);
    archive.fail = true;
    try {
      const response = await call(confirmationRoute.action, {
        request: post("/dashboard/confirmation", { answer: "yes" }),
        context: signedIn(shop.userId),
        params: {},
      });
      expect(flashOf(response)).toEqual({ kind: "error", message: "errors:priceUpdateRecordFailed" });
    } finally {
      archive.fail = false;
    }
    const rows = await database.db
      .select()
      .from(priceConfirmation)
      .where(eq(priceConfirmation.storeId, shop.storeId));
    expect(rows).toEqual([]);
  });

  it("answers an unknown answer with the unexpected-error message and records nothing", async () => {
    const shop = await createTestStore(database);
    const response = await call(confirmationRoute.action, {
      request: post("/dashboard/confirmation", { answer: "maybe" }),
      context: signedIn(shop.userId),
      params: {},
    });
    expect(flashOf(response)).toEqual({ kind: "error", message: "errors:unexpected" });
    expect(
      await database.db.select().from(priceConfirmation).where(eq(priceConfirmation.storeId, shop.storeId)),
    ).toEqual([]);
  });
});
