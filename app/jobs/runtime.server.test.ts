import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adoptDatabase } from "~/db/db.server";
import { priceSeal } from "~/db/schema/seals";
import { store as storeTable } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import type { Seal } from "~/features/seals/seal";
import { getSealKeys } from "~/features/seals/seal-keys.server";
import { checkChain, checkSeal } from "~/features/seals/verify.server";
import { logger } from "~/lib/logger.server";
import { createTestStore, databaseOfItsOwnForThisFile } from "../../tests/support/test-db";
import { startJobs, stopJobs } from "./runtime.server";

// Decision 0130: the days already in the archive when sealing began are sealed on the first start,
// oldest first, each marked as sealed after the fact: through the server's own start-up path
// (startJobs runs the day-end catch-up at once), not only by calling the sealing function.

// The catch-up goes over every store with an archive: a database no other file writes to.
const database = databaseOfItsOwnForThisFile();
const DAYS = ["2026-11-17", "2026-11-18", "2026-11-19"];
// The first start: the morning after the last archived day, after the 10:00 deadline.
const START = "2026-11-20T11:00:00.000Z";
let shop: Awaited<ReturnType<typeof createTestStore>>;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "vitrina-runtime-test-"));
  process.env.VITRINA_NOW = START;
  process.env.DEMO_SELF_CONFIRM = "off";
  delete process.env.JOBS;
  adoptDatabase(database);
  shop = await createTestStore(database);
  await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
  const [row] = await database.db.select().from(storeTable).where(eq(storeTable.id, shop.storeId));
  // Archived before sealing existed: no seal of any day yet.
  for (const day of DAYS) await archivePriceList(database.db, row!, "day_end", new Date(`${day}T21:55:00Z`));
});
afterAll(() => {
  stopJobs();
});

describe("the first start after sealing began", () => {
  it("seals every day already archived, in order, each marked as sealed after its day", async () => {
    const sealsOfTheStore = () =>
      database.db
        .select({ day: priceSeal.day, seal: priceSeal.seal })
        .from(priceSeal)
        .where(and(eq(priceSeal.storeId, shop.storeId), isNull(priceSeal.pointOfSaleId)))
        .orderBy(asc(priceSeal.day));
    expect(await sealsOfTheStore()).toEqual([]);
    const jobsRun = vi.spyOn(logger, "info");
    startJobs();
    await vi.waitFor(
      async () => {
        expect((await sealsOfTheStore()).map((row) => row.day)).toEqual(DAYS);
      },
      { timeout: 20_000, interval: 200 },
    );
    const seals = (await sealsOfTheStore()).map((row) => JSON.parse(row.seal) as Seal);
    expect(seals[0]!.previous).toBeNull();
    expect(checkChain(seals, true)).toEqual([]);
    for (const seal of seals) {
      // The clock runs from START (VITRINA_NOW); every day is sealed in the one start-up run.
      expect(seal.sealedAt).toBe(seals[0]!.sealedAt);
      expect(Date.parse(seal.sealedAt!) - Date.parse(START)).toBeGreaterThanOrEqual(0);
      expect(Date.parse(seal.sealedAt!) - Date.parse(START)).toBeLessThan(60_000);
      expect(checkSeal(seal, getSealKeys().published).signature).toBe("valid");
    }
    // The start-up runs end with the billing job; the database stays open until then.
    await vi.waitFor(
      () =>
        expect(
          jobsRun.mock.calls.some(([fields]) => (fields as { job?: string }).job === "billing-expiry"),
        ).toBe(true),
      { timeout: 20_000, interval: 100 },
    );
  });
});
