import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { adoptDatabase } from "~/db/db.server";
import { priceSnapshot } from "~/db/schema/compliance";
import { priceSeal } from "~/db/schema/seals";
import { store as storeTable } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { pruneExpiredRows } from "~/jobs/retention.server";
import { addDays } from "~/lib/calendar";
import { loader as archiveLoader } from "~/routes/feeds/prices-archive";
import { action as verifyAction } from "~/routes/landing/verify";
import { createTestStore, databaseOfItsOwnForThisFile } from "../../../tests/support/test-db";
import { sealArchivedDays } from "./seal.server";
import { getSealKeys } from "./seal-keys.server";
import { DAY_FILE_LIMIT, VERIFY_BODY_LIMIT, type VerifyOutcome, verifyUpload } from "./verify-upload.server";

// Decision 0132: /verify, the archive's seals for as long as the archive keeps the days, and the
// public pages' role reading the seals after its grants are made again (as a restore does).

// Sealing goes over every store with an archive: a database no other file writes to.
const database = databaseOfItsOwnForThisFile();
let shop: Awaited<ReturnType<typeof createTestStore>>;
let other: Awaited<ReturnType<typeof createTestStore>>;
const DAYS = ["2026-11-18", "2026-11-19", "2026-11-20"];

async function archiveDay(storeId: string, day: string) {
  const [row] = await database.db.select().from(storeTable).where(eq(storeTable.id, storeId));
  await archivePriceList(database.db, row!, "day_end", new Date(`${day}T21:55:00Z`));
}

async function download(username: string, file: string): Promise<Buffer> {
  const response = (await archiveLoader({
    request: new Request(`http://localhost/${username}/prices/${file}`),
    params: { username, file },
    context: {},
  } as never)) as Response;
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

let ip = 0;
/** Posts the form as a browser without JavaScript does: multipart, to the route's action. */
async function post(files: { file?: [string, Buffer]; seal?: [string, Buffer] }, client = `192.0.2.${++ip}`) {
  const form = new FormData();
  if (files.file) form.append("file", new File([new Uint8Array(files.file[1])], files.file[0]));
  else form.append("file", new File([], ""));
  if (files.seal) form.append("seal", new File([new Uint8Array(files.seal[1])], files.seal[0]));
  const request = new Request("http://localhost/verify", {
    method: "POST",
    body: form,
    headers: { [CLIENT_IP_HEADER]: client },
  });
  const answer = (await verifyAction({ request, params: {}, context: {} } as never)) as unknown as {
    data: VerifyOutcome;
    init: ResponseInit | null;
  };
  return { status: answer.init?.status ?? 200, outcome: answer.data };
}

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "vitrina-verify-test-"));
  adoptDatabase(database);
  shop = await createTestStore(database);
  await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
  other = await createTestStore(database);
  await createProduct(other.ctx, productInput({ name: "Леб", price: "40" }));
  // A product more each day, so that no two days' files are the same bytes.
  for (const day of DAYS) {
    await createProduct(shop.ctx, productInput({ name: `Производ ${day}`, price: "10" }));
    await archiveDay(shop.storeId, day);
  }
  await archiveDay(other.storeId, "2026-11-19");
  await sealArchivedDays(database.db, getSealKeys(), new Date("2026-11-21T09:30:00Z"), "2026-11-20");
});

describe("/verify", () => {
  it("accepts a day's file with its seal: the store, the day, the bytes, the signature and the chain", async () => {
    const json = await download(shop.username, "2026-11-19.json");
    const seal = await download(shop.username, "2026-11-19.seal.json");
    const { status, outcome } = await post({
      file: ["shop-prices-2026-11-19.json", json],
      seal: ["shop-prices-2026-11-19.seal.json", seal],
    });
    expect(status).toBe(200);
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        store: shop.username,
        pointOfSale: null,
        day: "2026-11-19",
        file: "json",
        signature: "valid",
        chain: "linked",
        sealSource: "uploaded",
        verified: true,
      },
    });
  });

  it("finds the stored seal by the file's SHA-256 when no seal is given, for the CSV too", async () => {
    const csv = await download(shop.username, "2026-11-18.csv");
    const { outcome } = await post({ file: ["prices.csv", csv] });
    expect(outcome).toMatchObject({
      ok: true,
      result: { day: "2026-11-18", file: "csv", chain: "first", sealSource: "stored", verified: true },
    });
  });

  it("fails clearly for one changed byte, with the seal or without it", async () => {
    const json = await download(shop.username, "2026-11-20.json");
    const seal = await download(shop.username, "2026-11-20.seal.json");
    const changed = Buffer.from(json);
    changed[changed.indexOf("80")] = "9".charCodeAt(0);
    const withSeal = await post({ file: ["day.json", changed], seal: ["day.seal.json", seal] });
    expect(withSeal.outcome).toMatchObject({
      ok: true,
      result: { file: null, signature: "valid", verified: false },
    });
    const alone = await post({ file: ["day.json", changed] });
    expect(alone).toEqual({ status: 404, outcome: { ok: false, error: "sealNotFound" } });
  });

  it("does not match a file with another store's or another day's seal", async () => {
    const json = await download(shop.username, "2026-11-19.json");
    for (const [username, day] of [
      [other.username, "2026-11-19"],
      [shop.username, "2026-11-18"],
    ] as const) {
      const seal = await download(username, `${day}.seal.json`);
      const { outcome } = await post({ file: ["day.json", json], seal: ["day.seal.json", seal] });
      expect(outcome).toMatchObject({
        ok: true,
        result: { store: username, day, file: null, verified: false },
      });
    }
  });

  it("refuses a file over the limit, a file that is not a day's list, and a seal that is not one", async () => {
    const json = await download(shop.username, "2026-11-19.json");
    const huge = Buffer.alloc(DAY_FILE_LIMIT + 1, " ");
    huge[0] = "{".charCodeAt(0);
    expect(
      await verifyUpload(database.db, [], { file: { name: "a.json", bytes: huge }, seal: null }),
    ).toEqual({
      ok: false,
      error: "fileTooLarge",
    });
    // The declared length alone refuses it, before the body is read.
    const request = new Request("http://localhost/verify", {
      method: "POST",
      body: "x",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(VERIFY_BODY_LIMIT + 1),
        [CLIENT_IP_HEADER]: "198.51.100.7",
      },
    });
    const answer = (await verifyAction({ request, params: {}, context: {} } as never)) as unknown as {
      data: VerifyOutcome;
      init: ResponseInit;
    };
    expect([answer.init.status, answer.data]).toEqual([413, { ok: false, error: "fileTooLarge" }]);
    expect((await post({ file: ["photo.png", Buffer.from("\x89PNG\r\n")] })).outcome).toEqual({
      ok: false,
      error: "fileType",
    });
    expect((await post({})).outcome).toEqual({ ok: false, error: "noFile" });
    expect(
      (await post({ file: ["day.json", json], seal: ["day.seal.json", Buffer.from("{}")] })).outcome,
    ).toEqual({
      ok: false,
      error: "sealUnreadable",
    });
  });

  it("limits how often one address may check", async () => {
    const json = await download(shop.username, "2026-11-19.json");
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await post({ file: ["day.json", json] }, "203.0.113.9")).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("the same bytes on several days", () => {
  it("names every day that sealed the very same file", async () => {
    await archiveDay(other.storeId, "2026-11-20");
    await sealArchivedDays(database.db, getSealKeys(), new Date("2026-11-21T09:40:00Z"), "2026-11-20");
    const json = await download(other.username, "2026-11-19.json");
    expect(json.equals(await download(other.username, "2026-11-20.json"))).toBe(true);
    const { outcome } = await post({ file: ["day.json", json] });
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        day: "2026-11-20",
        verified: true,
        alsoSealed: [{ store: other.username, pointOfSale: null, day: "2026-11-19" }],
      },
    });
  });
});

describe("the public pages' role and the seals", () => {
  it("still reads the seals after its grants are made again, as a restore does", async () => {
    await database.db.execute(sql`select grant_public_role()`);
    const seal = JSON.parse((await download(shop.username, "2026-11-19.seal.json")).toString());
    expect(seal).toMatchObject({ store: shop.username, day: "2026-11-19" });
    const json = await download(shop.username, "2026-11-19.json");
    expect((await post({ file: ["day.json", json] })).outcome).toMatchObject({ ok: true });
  });
});

describe("retention of the seals", () => {
  it("deletes a day's seals with its snapshots, keeps those the archive still answers, and seals nothing again", async () => {
    const owner = await createTestStore(database);
    await createProduct(owner.ctx, productInput({ name: "Сирење", price: "300" }));
    const now = new Date("2027-12-01T10:00:00Z");
    // 430 days of retention: the cutoff is 2026-09-27; the day before goes, the cutoff stays.
    const cutoff = addDays("2027-12-01", -430);
    const old = addDays(cutoff, -1);
    for (const day of [old, cutoff]) await archiveDay(owner.storeId, day);
    await sealArchivedDays(database.db, getSealKeys(), now, cutoff);
    const sealedDays = async () =>
      (
        await database.db
          .select({ day: priceSeal.day })
          .from(priceSeal)
          .where(and(eq(priceSeal.storeId, owner.storeId), isNull(priceSeal.pointOfSaleId)))
          .orderBy(priceSeal.day)
      ).map((row) => row.day);
    expect(await sealedDays()).toEqual([old, cutoff]);
    while ((await pruneExpiredRows(database.db, now)) > 0);
    expect(await sealedDays()).toEqual([cutoff]);
    const snapshots = await database.db
      .selectDistinct({ day: priceSnapshot.day })
      .from(priceSnapshot)
      .where(eq(priceSnapshot.storeId, owner.storeId));
    expect(snapshots.map((row) => row.day)).toEqual([cutoff]);
    // The kept day still answers its sealed bytes and verifies; the chain's start is out of reach.
    const json = await download(owner.username, `${cutoff}.json`);
    expect((await post({ file: ["day.json", json] })).outcome).toMatchObject({
      ok: true,
      result: { day: cutoff, file: "json", chain: "unknown", verified: true },
    });
    expect(await sealArchivedDays(database.db, getSealKeys(), now, cutoff)).toBe(0);
    // The shop's days, well within retention, were not touched.
    expect(
      (
        await database.db
          .select({ day: priceSeal.day })
          .from(priceSeal)
          .where(eq(priceSeal.storeId, shop.storeId))
      ).length,
    ).toBeGreaterThan(0);
  });
});
