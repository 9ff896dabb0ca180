import { and, asc, eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { promotionProduct } from "~/db/schema/promotions";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { skopjeInstant } from "~/lib/calendar";
import { createTestStore, databaseForThisFile } from "../../../tests/support/test-db";
import { savePromotion } from "./promotion.server";
import { promotionInput, upcoming } from "./promotion.test-support";

// A product is in at most one active promotion, enforced in the database too, so two
// concurrent requests cannot both win. PGlite has one connection, so only a real
// PostgreSQL server (TEST_DATABASE_URL, as .ci/run sets it) can race two transactions.
const url = process.env.TEST_DATABASE_URL;
const database = databaseForThisFile();

describe.runIf(url)("two connections racing for one product (PostgreSQL)", () => {
  it("lets exactly one of two open transactions put the product in an active promotion", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const item = await createProduct(ctx, productInput({ name: "Кафе", price: "300" }));
    const tea = await createProduct(ctx, productInput({ name: "Чај", price: "100" }));
    const milk = await createProduct(ctx, productInput({ name: "Млеко", price: "80" }));
    // Two promotions on overlapping days, each holding another product, made through the service.
    const a = await savePromotion(ctx, promotionInput([{ productId: tea.id }], { name: "А" }));
    const b = await savePromotion(
      ctx,
      promotionInput([{ productId: milk.id }], { name: "Б", startsOn: upcoming(2), endsOn: upcoming(8) }),
    );
    const first = new pg.Client({ connectionString: url });
    const second = new pg.Client({ connectionString: url });
    await Promise.all([first.connect(), second.connect()]);
    try {
      const insert = (promotionId: string) =>
        `insert into promotion_product (store_id, promotion_id, product_id, starts_on, ends_on)
         values ('${storeId}', '${promotionId}', '${item.id}', '2000-01-01', '2000-01-01')`;
      await first.query("begin");
      await second.query("begin");
      await first.query(insert(a.id));
      // The second waits on the first's uncommitted row…
      const racing = second.query(insert(b.id)).then(
        () => "inserted",
        (error: { code?: string }) => error.code,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query("commit");
      // …and loses once it commits: exclusion_violation.
      expect(await racing).toBe("23P01");
      await second.query("rollback");
      const { rows } = await first.query(
        `select promotion_id from promotion_product where product_id = '${item.id}'`,
      );
      expect(rows.map((row) => row.promotion_id)).toEqual([a.id]);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it("answers the loser of two concurrent service saves, and keeps one winner", async () => {
    const { ctx } = await createTestStore(database);
    const item = await createProduct(ctx, productInput({ name: "Шеќер", price: "60" }));
    const results = await Promise.allSettled(
      ["Прва", "Втора", "Трета"].map((name) =>
        savePromotion(ctx, promotionInput([{ productId: item.id }], { name })),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect(["promotionProductTaken", "promotionMoveConfirm"]).toContain(
        ((r as PromiseRejectedResult).reason as { code: string }).code,
      );
  });

  it("lets one of two transactions moving a product out of a running promotion win, and keeps the old days once", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const item = await createProduct(ctx, productInput({ name: "Брашно", price: "90" }));
    const holders = await Promise.all(
      ["Сол", "Бибер"].map((name) => createProduct(ctx, productInput({ name, price: "30" }))),
    );
    const old = await savePromotion(
      ctx,
      promotionInput([{ productId: item.id }], {
        name: "Стара",
        startsOn: "2026-06-01",
        endsOn: "2026-06-20",
      }),
      { now: new Date("2026-05-25T08:00:00Z") },
    );
    const later = { startsOn: "2026-06-10", endsOn: "2026-06-30" };
    const b = await savePromotion(
      ctx,
      promotionInput([{ productId: holders[0]!.id }], { name: "Прва", ...later }),
    );
    const c = await savePromotion(
      ctx,
      promotionInput([{ productId: holders[1]!.id }], { name: "Втора", ...later }),
    );
    const first = new pg.Client({ connectionString: url });
    const second = new pg.Client({ connectionString: url });
    await Promise.all([first.connect(), second.connect()]);
    // What savePromotion does on 10 June with the owner's confirmation (leavePromotion, then insert).
    const move = (client: pg.Client, promotionId: string) =>
      client
        .query(
          `update promotion_product set left_on = least(coalesce(left_on, '2026-06-09'), '2026-06-09')
           where store_id = '${storeId}' and promotion_id = '${old.id}' and product_id = '${item.id}'`,
        )
        .then(() =>
          client.query(
            `insert into promotion_product (store_id, promotion_id, product_id, starts_on, ends_on)
             values ('${storeId}', '${promotionId}', '${item.id}', '2000-01-01', '2000-01-01')`,
          ),
        );
    try {
      await first.query("begin");
      await second.query("begin");
      await move(first, b.id);
      // The second waits on the first's ended row…
      const racing = move(second, c.id).then(
        () => "moved",
        (error: { code?: string }) => error.code,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query("commit");
      // …and loses once it commits: exclusion_violation.
      expect(await racing).toBe("23P01");
      await second.query("rollback");
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    const rows = await ctx.db
      .select({
        id: promotionProduct.promotionId,
        from: promotionProduct.startsOn,
        to: promotionProduct.endsOn,
      })
      .from(promotionProduct)
      .where(and(eq(promotionProduct.storeId, storeId), eq(promotionProduct.productId, item.id)))
      .orderBy(asc(promotionProduct.startsOn));
    expect(rows.map((row) => [row.id, row.from, row.to])).toEqual([
      [old.id, "2026-06-01", "2026-06-09"],
      [b.id, "2026-06-10", "2026-06-30"],
    ]);
  });

  it("gives a product put back by two concurrent edits one new stay (decision 0104)", async () => {
    const { ctx, storeId } = await createTestStore(database);
    const item = await createProduct(ctx, productInput({ name: "Ориз", price: "120" }));
    const other = await createProduct(ctx, productInput({ name: "Грав", price: "150" }));
    const days = { name: "Долга", startsOn: upcoming(0), endsOn: upcoming(20) };
    const both = promotionInput([{ productId: item.id }, { productId: other.id }], days);
    const saved = await savePromotion(ctx, both, { now: skopjeInstant(upcoming(-3), 10, 0) });
    await savePromotion(ctx, promotionInput([{ productId: other.id }], days), {
      id: saved.id,
      now: skopjeInstant(upcoming(2), 10, 0),
    });
    const back = { id: saved.id, now: skopjeInstant(upcoming(5), 10, 0) };
    const results = await Promise.allSettled([
      savePromotion(ctx, both, back),
      savePromotion(ctx, both, back),
    ]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThan(0);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect(((r as PromiseRejectedResult).reason as { code: string }).code).toBe("promotionProductTaken");
    // Its first stay ended on day 2 (its last whole day), the second one begins on day 6.
    const rows = await ctx.db
      .select({ from: promotionProduct.startsOn, to: promotionProduct.endsOn, left: promotionProduct.leftOn })
      .from(promotionProduct)
      .where(and(eq(promotionProduct.storeId, storeId), eq(promotionProduct.productId, item.id)))
      .orderBy(asc(promotionProduct.startsOn));
    expect(rows.map((row) => [row.from, row.to, row.left])).toEqual([
      [upcoming(0), upcoming(1), upcoming(1)],
      [upcoming(5), upcoming(20), null],
    ]);
  });
});
