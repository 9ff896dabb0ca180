import { createHash, createPublicKey, verify } from "node:crypto";
import { mkdtempSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import canonicalize from "canonicalize";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adoptDatabase } from "~/db/db.server";
import { priceSeal } from "~/db/schema/seals";
import { store as storeTable } from "~/db/schema/stores";
import { createProduct } from "~/features/catalog/product.server";
import { productInput } from "~/features/catalog/product.test-support";
import { answerToday } from "~/features/confirmation/confirmation.server";
import { archivePriceList } from "~/features/feeds/snapshot.server";
import { setOverride } from "~/features/points-of-sale/overrides.server";
import { createPointOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { testAddress } from "~/features/points-of-sale/points-of-sale.test-support";
import { snapshotDayEnd } from "~/jobs/jobs.server";
import { loader as pointArchiveLoader } from "~/routes/feeds/point-of-sale-prices-archive";
import { loader as archiveLoader } from "~/routes/feeds/prices-archive";
import { loader as keysLoader } from "~/routes/feeds/seal-keys";
import { createTestStore, databaseOfItsOwnForThisFile } from "../../../tests/support/test-db";
import type { Seal } from "./seal";
import { sealArchivedDays } from "./seal.server";
import { getSealKeys, type PublicSealKey, rotateSealKey, SEAL_KEYS_FILE } from "./seal-keys.server";
import { checkChain, checkSeal } from "./verify.server";

// Decision 0130: each archived day's files sealed with Ed25519 over RFC 8785 canonical JSON,
// chained day to day, served beside the files; checked here with Node's crypto.verify and an
// RFC 8785 library (canonicalize), not with the app's own canonical form.

// Sealing goes over every store with an archive: a database no other file writes to.
const database = databaseOfItsOwnForThisFile();
let dataDir: string;
let shop: Awaited<ReturnType<typeof createTestStore>>;
let other: Awaited<ReturnType<typeof createTestStore>>;
const DAYS = ["2026-11-18", "2026-11-19", "2026-11-20"];
const CONFIRMED = new Date("2026-11-20T07:12:00Z");

/** RFC 8785 as the `canonicalize` package (by one of the RFC's authors) writes it: not the app's own code. */
function independentJcs(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError("nothing to canonicalize");
  return text;
}

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

type Loader = (args: never) => Promise<unknown>;
async function fetchFile(loader: Loader, url: string, params: Record<string, string>) {
  try {
    const response = (await loader({
      request: new Request(`http://localhost${url}`),
      params,
      context: {},
    } as never)) as Response;
    return {
      status: response.status,
      bytes: Buffer.from(await response.arrayBuffer()),
      type: response.headers.get("content-type"),
    };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return {
      status: thrown.status,
      bytes: Buffer.from(await thrown.arrayBuffer()),
      type: thrown.headers.get("content-type"),
    };
  }
}

const storeFile = (username: string, file: string) =>
  fetchFile(archiveLoader, `/${username}/prices/${file}`, { username, file });
const pointFile = (username: string, point: string, file: string) =>
  fetchFile(pointArchiveLoader, `/${username}/${point}/prices/${file}`, {
    username,
    pointOfSale: point,
    file,
  });

async function publishedKeys() {
  const response = (await keysLoader()) as Response;
  return ((await response.json()) as { keys: PublicSealKey[] }).keys;
}

/** Verifies a seal as an outsider would: the JWKS key it names, crypto.verify, the independent JCS. */
async function verifiesIndependently(seal: Seal): Promise<boolean> {
  const key = (await publishedKeys()).find((candidate) => candidate.kid === seal.kid);
  if (!key) return false;
  const { signature, ...unsigned } = seal;
  const publicKey = createPublicKey({ key: { kty: key.kty, crv: key.crv, x: key.x }, format: "jwk" });
  return verify(null, Buffer.from(independentJcs(unsigned)), publicKey, Buffer.from(signature, "base64url"));
}

async function archiveDay(owner: { storeId: string }, day: string) {
  const [row] = await database.db.select().from(storeTable).where(eq(storeTable.id, owner.storeId));
  await archivePriceList(database.db, row!, "day_end", new Date(`${day}T21:55:00Z`));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-seal-test-"));
  process.env.DATA_DIR = dataDir;
  adoptDatabase(database);
  shop = await createTestStore(database, { address: testAddress("Skopje", "Скопје") });
  const tetovo = await createPointOfSale(shop.ctx, { name: "Тетово", address: testAddress(), phone: null });
  const milk = await createProduct(shop.ctx, productInput({ name: "Млеко", price: "80" }));
  await setOverride(shop.ctx, { pointOfSaleId: tetovo.id, productId: milk.id, priceCents: 8_990 });
  other = await createTestStore(database);
  await createPointOfSale(other.ctx, { name: "Тетово", address: testAddress(), phone: null });
  await createProduct(other.ctx, productInput({ name: "Леб", price: "40" }));
  for (const day of DAYS) {
    if (day === "2026-11-20") await answerToday(shop.ctx, { answer: "yes" }, CONFIRMED);
    await archiveDay(shop, day);
  }
  await archiveDay(other, "2026-11-19");
  // The first start after sealing began: every day already archived, in order, made after the fact.
  await sealArchivedDays(database.db, getSealKeys(), new Date("2026-11-21T09:30:00Z"), "2026-11-20");
});

describe("sealed daily price lists", () => {
  it("seals each archived day so that Node's crypto.verify and an independent canonical form accept it", async () => {
    const response = await storeFile(shop.username, "2026-11-20.seal.json");
    expect(response.status).toBe(200);
    const seal = JSON.parse(response.bytes.toString("utf8")) as Seal;
    expect(seal).toMatchObject({
      store: shop.username,
      pointOfSale: null,
      day: "2026-11-20",
      confirmedAt: CONFIRMED.toISOString(),
      sealedAt: "2026-11-21T09:30:00.000Z",
      kid: getSealKeys().active.kid,
    });
    expect(await verifiesIndependently(seal)).toBe(true);
    // The hashes are over the very bytes served at the day's addresses.
    const json = await storeFile(shop.username, "2026-11-20.json");
    const csv = await storeFile(shop.username, "2026-11-20.csv");
    expect(seal.files.json.sha256).toBe(sha256(json.bytes));
    expect(seal.files.csv.sha256).toBe(sha256(csv.bytes));
    expect(checkSeal(seal, await publishedKeys(), csv.bytes)).toEqual({ signature: "valid", file: "csv" });
  });

  it("fails for a changed byte, in the file or in the seal", async () => {
    const seal = JSON.parse(
      (await storeFile(shop.username, "2026-11-19.seal.json")).bytes.toString(),
    ) as Seal;
    const json = (await storeFile(shop.username, "2026-11-19.json")).bytes;
    const changed = Buffer.from(json);
    changed[changed.indexOf("80")] = "9".charCodeAt(0);
    expect(sha256(changed)).not.toBe(seal.files.json.sha256);
    expect(checkSeal(seal, await publishedKeys(), changed).file).toBeNull();
    const forged = { ...seal, day: "2026-11-18" };
    expect(await verifiesIndependently(forged)).toBe(false);
    expect(checkSeal(forged, await publishedKeys()).signature).toBe("invalid");
  });

  it("chains each day to the one before, and a missing or altered day breaks the chain", async () => {
    const seals: Seal[] = [];
    for (const day of DAYS)
      seals.push(JSON.parse((await storeFile(shop.username, `${day}.seal.json`)).bytes.toString()) as Seal);
    expect(seals[0]!.previous).toBeNull();
    for (let i = 1; i < seals.length; i++)
      expect(seals[i]!.previous).toBe(sha256(independentJcs(seals[i - 1])));
    expect(checkChain(seals, true)).toEqual([]);
    expect(checkChain([seals[0]!, seals[2]!], true)).toEqual([
      { day: "2026-11-20", reason: "previous-mismatch" },
    ]);
    const altered = { ...seals[1]!, confirmedAt: "2026-11-19T07:00:00.000Z" };
    expect(checkChain([seals[0]!, altered, seals[2]!], true)).toEqual([
      { day: "2026-11-20", reason: "previous-mismatch" },
    ]);
  });

  it("seals each point of sale's own list in a chain of its own", async () => {
    const seal = JSON.parse(
      (await pointFile(shop.username, "tetovo", "2026-11-20.seal.json")).bytes.toString(),
    ) as Seal;
    expect(seal).toMatchObject({ store: shop.username, pointOfSale: "tetovo", day: "2026-11-20" });
    expect(await verifiesIndependently(seal)).toBe(true);
    const json = await pointFile(shop.username, "tetovo", "2026-11-20.json");
    expect(json.bytes.toString()).toContain("89.90");
    expect(seal.files.json.sha256).toBe(sha256(json.bytes));
    const first = JSON.parse(
      (await pointFile(shop.username, "tetovo", "2026-11-18.seal.json")).bytes.toString(),
    ) as Seal;
    expect(first.previous).toBeNull();
  });

  it("serves a sealed day's files as fixed bytes, whatever is archived for that day afterwards", async () => {
    const before = (await storeFile(shop.username, "2026-11-20.json")).bytes;
    await createProduct(shop.ctx, productInput({ name: "Леб", price: "45" }));
    await archiveDay(shop, "2026-11-20");
    const after = (await storeFile(shop.username, "2026-11-20.json")).bytes;
    expect(after.equals(before)).toBe(true);
    expect(after.toString()).not.toContain("Леб");
  });

  it("never answers one store's seal at another store's address, and 404s a day with no seal", async () => {
    const theirs = JSON.parse(
      (await storeFile(other.username, "2026-11-19.seal.json")).bytes.toString(),
    ) as Seal;
    expect(theirs.store).toBe(other.username);
    const ours = JSON.parse(
      (await storeFile(shop.username, "2026-11-19.seal.json")).bytes.toString(),
    ) as Seal;
    expect(theirs.files).not.toEqual(ours.files);
    const theirPoint = await pointFile(other.username, "tetovo", "2026-11-19.seal.json");
    expect(theirPoint.status).toBe(200);
    expect(JSON.parse(theirPoint.bytes.toString())).toMatchObject({
      store: other.username,
      pointOfSale: "tetovo",
    });
    // The other store archived no 2026-11-20: the address does not fall back to anyone's seal.
    for (const missing of [
      await storeFile(other.username, "2026-11-20.seal.json"),
      await pointFile(other.username, "tetovo", "2026-11-20.seal.json"),
    ]) {
      expect(missing.status).toBe(404);
      expect(missing.type).toBe("application/problem+json");
    }
  });

  it("keeps the days sealed before a key rotation valid, and seals the day-end's own day without sealedAt", async () => {
    const oldKid = getSealKeys().active.kid;
    const newKid = rotateSealKey(dataDir);
    expect(newKid).not.toBe(oldKid);
    expect(statSync(path.join(dataDir, SEAL_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect((await publishedKeys()).map((key) => key.kid)).toEqual([newKid, oldKid]);
    for (const key of await publishedKeys()) expect(key).not.toHaveProperty("d");
    // The 23:55 run of the next day archives and seals it with the new key.
    await snapshotDayEnd({ db: database.db, now: new Date("2026-11-21T22:55:00Z") });
    const oldSeal = JSON.parse(
      (await storeFile(shop.username, "2026-11-20.seal.json")).bytes.toString(),
    ) as Seal;
    const newSeal = JSON.parse(
      (await storeFile(shop.username, "2026-11-21.seal.json")).bytes.toString(),
    ) as Seal;
    expect(oldSeal.kid).toBe(oldKid);
    expect(newSeal.kid).toBe(newKid);
    expect(newSeal).not.toHaveProperty("sealedAt");
    expect(await verifiesIndependently(oldSeal)).toBe(true);
    expect(await verifiesIndependently(newSeal)).toBe(true);
    expect(checkChain([oldSeal, newSeal], false)).toEqual([]);
    // A later run of the same job seals nothing twice.
    const sealsOfTheDay = () =>
      database.db
        .select({ pointOfSaleId: priceSeal.pointOfSaleId })
        .from(priceSeal)
        .where(and(eq(priceSeal.storeId, shop.storeId), eq(priceSeal.day, "2026-11-21")));
    const first = await sealsOfTheDay();
    await snapshotDayEnd({ db: database.db, now: new Date("2026-11-21T22:56:00Z") });
    expect(await sealsOfTheDay()).toEqual(first);
    expect(new Set(first.map((row) => row.pointOfSaleId)).size).toBe(first.length);
  });
});
