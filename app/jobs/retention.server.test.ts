import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimit, session, verification } from "~/db/schema/auth";
import { jobRun, priceSnapshot } from "~/db/schema/compliance";
import { store, usernameRedirect } from "~/db/schema/stores";
import { archivePriceList, getSnapshot } from "~/features/feeds/snapshot.server";
import { addDays } from "~/lib/calendar";
import { fixedClock } from "~/lib/clock.server";
import { createTestStore, databaseForThisFile } from "../../tests/support/test-db";
import { JOBS } from "./jobs.server";
import { pruneExpiredRows } from "./retention.server";
import { createScheduler } from "./scheduler.server";

const database = databaseForThisFile();

// 11:00 in Skopje on Saturday 2026-11-21.
const NOW = "2026-11-21T10:00:00Z";
const TODAY = "2026-11-21";

/** Archives the store's price list as the day-end snapshot of `day` (22:00 Skopje that day). */
async function archiveOn(storeId: string, day: string) {
  const row = await database.db.query.store.findFirst({ where: eq(store.id, storeId) });
  await archivePriceList(database.db, row!, "day_end", new Date(`${day}T21:00:00Z`));
}

async function archivedDays(storeId: string): Promise<string[]> {
  const rows = await database.db
    .select({ day: priceSnapshot.day })
    .from(priceSnapshot)
    .where(eq(priceSnapshot.storeId, storeId))
    .orderBy(priceSnapshot.day);
  return rows.map((row) => row.day);
}

describe("retention job", () => {
  it("keeps every store's snapshots of the last 400 days (and the margin) and deletes older ones", async () => {
    const shops = [
      await createTestStore(database),
      await createTestStore(database),
      await createTestStore(database),
    ];
    const kept = [addDays(TODAY, -430), addDays(TODAY, -400), addDays(TODAY, -1)];
    const old = [addDays(TODAY, -500), addDays(TODAY, -431)];
    for (const shop of shops) for (const day of [...old, ...kept]) await archiveOn(shop.storeId, day);

    // Batches of two snapshots: six old rows need several batches, each its own transaction.
    const clock = fixedClock(NOW);
    const job = JOBS.find((candidate) => candidate.name === "retention")!;
    const small = {
      ...job,
      run: ({ db, now }: { db: typeof database.db; now: Date }) => pruneExpiredRows(db, now, 2),
    };
    const first = createScheduler({ db: database.db, clock, jobs: [small] });
    const second = createScheduler({ db: database.db, clock, jobs: [small] });
    await Promise.all([first.runNow("retention"), second.runNow("retention")]);

    for (const shop of shops) {
      expect(await archivedDays(shop.storeId)).toEqual(kept);
      // What the archive URL serves: the 400-day-old day still answers, the 431-day-old one is gone.
      expect(await getSnapshot(database.db, shop.storeId, addDays(TODAY, -400))).not.toBeNull();
      expect(await getSnapshot(database.db, shop.storeId, addDays(TODAY, -431))).toBeNull();
    }
  });

  it("the scheduled job deletes the same with its default batch size, and a repeat deletes nothing", async () => {
    const shop = await createTestStore(database);
    await archiveOn(shop.storeId, addDays(TODAY, -431));
    await archiveOn(shop.storeId, addDays(TODAY, -400));
    const scheduler = createScheduler({ db: database.db, clock: fixedClock(NOW), jobs: JOBS });

    expect(await scheduler.runNow("retention")).toBe(true);
    expect(await archivedDays(shop.storeId)).toEqual([addDays(TODAY, -400)]);
    expect(await pruneExpiredRows(database.db, new Date(NOW))).toBe(0);
  });

  it("deletes expired rate-limit, session, verification and redirect rows, and keeps live ones", async () => {
    const now = new Date(NOW);
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const shop = await createTestStore(database);
    const tag = randomUUID();

    await database.db.insert(rateLimit).values([
      { id: `old-${tag}`, key: `1.2.3.4/sign-in-${tag}`, count: 3, lastRequest: hoursAgo(48).getTime() },
      { id: `new-${tag}`, key: `1.2.3.5/sign-in-${tag}`, count: 1, lastRequest: hoursAgo(0.1).getTime() },
    ]);
    await database.db.insert(session).values([
      { id: `old-${tag}`, token: `old-${tag}`, userId: shop.userId, expiresAt: hoursAgo(48) },
      { id: `new-${tag}`, token: `new-${tag}`, userId: shop.userId, expiresAt: hoursAgo(-24) },
    ]);
    await database.db.insert(verification).values([
      { id: `old-${tag}`, identifier: tag, value: "123456", expiresAt: hoursAgo(48) },
      { id: `new-${tag}`, identifier: tag, value: "654321", expiresAt: hoursAgo(-0.1) },
    ]);
    await database.db.insert(usernameRedirect).values([
      { oldUsername: `old-${tag}`, storeId: shop.storeId, expiresAt: hoursAgo(48) },
      { oldUsername: `new-${tag}`, storeId: shop.storeId, expiresAt: hoursAgo(-24 * 80) },
    ]);
    await database.db.insert(jobRun).values([
      { name: "confirmation-reminder", runKey: `${addDays(TODAY, -31)}:${shop.storeId}` },
      { name: "confirmation-reminder", runKey: `${addDays(TODAY, -29)}:${shop.storeId}` },
    ]);

    while ((await pruneExpiredRows(database.db, now, 1)) > 0);

    const ids = [`old-${tag}`, `new-${tag}`];
    const left = {
      rateLimit: await database.db
        .select({ id: rateLimit.id })
        .from(rateLimit)
        .where(inArray(rateLimit.id, ids)),
      session: await database.db.select({ id: session.id }).from(session).where(inArray(session.id, ids)),
      verification: await database.db
        .select({ id: verification.id })
        .from(verification)
        .where(inArray(verification.id, ids)),
      redirect: await database.db
        .select({ id: usernameRedirect.oldUsername })
        .from(usernameRedirect)
        .where(inArray(usernameRedirect.oldUsername, ids)),
    };
    for (const rows of Object.values(left)) expect(rows).toEqual([{ id: `new-${tag}` }]);
    const runs = await database.db.select({ key: jobRun.runKey }).from(jobRun);
    expect(runs.map((run) => run.key)).toContain(`${addDays(TODAY, -29)}:${shop.storeId}`);
    expect(runs.map((run) => run.key)).not.toContain(`${addDays(TODAY, -31)}:${shop.storeId}`);
  });
});
