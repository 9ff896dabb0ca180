import { createHash } from "node:crypto";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { pointOfSale } from "~/db/schema/points-of-sale";
import { priceSeal } from "~/db/schema/seals";
import { store } from "~/db/schema/stores";
import type { Seal } from "./seal";
import type { PublicSealKey } from "./seal-keys.server";
import { checkSeal } from "./verify.server";

// Decision 0132: the /verify page's check of a downloaded day file, done on the server so that
// the page works as a plain form. It reads through the public pages' database: only public stores'
// seals are looked up or chained to.

/**
 * The largest day file accepted. Measured: a 5,000-product store with 60-character names and
 * 200-character descriptions in Macedonian and Albanian, every promotion field filled, writes a
 * 9.8 MB JSON and a 7.3 MB CSV; 16 MiB leaves a margin for longer texts.
 */
export const DAY_FILE_LIMIT = 16 * 1024 * 1024;
/** A seal is under 1 KB; 64 KiB refuses anything that is not one. */
export const SEAL_FILE_LIMIT = 64 * 1024;
/** The whole form: the day file, its seal and the multipart envelope. */
export const VERIFY_BODY_LIMIT = DAY_FILE_LIMIT + SEAL_FILE_LIMIT + 64 * 1024;
/**
 * A form over the limit, up to this size, is read to its end and discarded so that the browser
 * shows the page's "too large" message rather than a connection error; a bigger one is cut off.
 */
export const VERIFY_DRAIN_LIMIT = 128 * 1024 * 1024;

export type VerifyError =
  | "noFile"
  | "fileTooLarge"
  | "fileType"
  | "sealTooLarge"
  | "sealUnreadable"
  | "sealNotFound"
  | "rateLimited";

export type Verification = {
  store: string;
  /** The store's name when it is a public store of this site. */
  storeName: string | null;
  pointOfSale: string | null;
  day: string;
  confirmedAt: string | null;
  sealedAt: string | null;
  kid: string;
  /** Which of the sealed files the uploaded bytes are; null when they are neither. */
  file: "json" | "csv" | null;
  signature: "valid" | "invalid" | "unknown-key";
  /**
   * linked: `previous` is the hash of the chain's previous stored seal; first: no previous seal and
   * none stored before it; broken: they differ; unknown: the previous day's seal is not at hand.
   */
  chain: "linked" | "first" | "broken" | "unknown";
  /** Where the seal came from: the visitor's file, or the stored seals (found by the file's hash). */
  sealSource: "uploaded" | "stored";
  sha256: string;
  /** Other stored seals of these very bytes (the same list on other days), newest first. */
  alsoSealed: { store: string; pointOfSale: string | null; day: string }[];
  verified: boolean;
};

export type VerifyOutcome = { ok: true; result: Verification } | { ok: false; error: VerifyError };

export type Upload = { name: string; bytes: Buffer };

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const HEX = /^[0-9a-f]{64}$/;
/** How many other sealed days with the very same bytes the page names. */
const SAME_FILE_DAYS = 30;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A seal's shape, or null: a file that is not a seal is told apart from one whose signature fails. */
export function parseSeal(bytes: Buffer): Seal | null {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    return null;
  }
  const seal = value as Partial<Seal> | null;
  if (!seal || typeof seal !== "object") return null;
  const text = (member: unknown) => typeof member === "string";
  const textOrNull = (member: unknown) => member === null || typeof member === "string";
  if (
    !text(seal.store) ||
    !textOrNull(seal.pointOfSale) ||
    !text(seal.day) ||
    !DAY.test(seal.day!) ||
    !textOrNull(seal.confirmedAt) ||
    !textOrNull(seal.previous) ||
    (seal.sealedAt !== undefined && !text(seal.sealedAt)) ||
    !text(seal.kid) ||
    !text(seal.signature) ||
    !HEX.test(String(seal.files?.json?.sha256)) ||
    !HEX.test(String(seal.files?.csv?.sha256))
  )
    return null;
  return seal as Seal;
}

/** A day file by its name and first bytes: a JSON object, or a CSV (text, starting with its BOM or a header). */
function isDayFile(file: Upload): boolean {
  const name = file.name.toLowerCase();
  if (name.endsWith(".seal.json")) return false;
  const head = file.bytes
    .subarray(0, 64)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  if (name.endsWith(".json")) return head.trimStart().startsWith("{");
  if (name.endsWith(".csv")) return !file.bytes.subarray(0, 4096).includes(0) && head.length > 0;
  return false;
}

/**
 * The public stored seals whose JSON or CSV has this hash, newest first. A list that did not change
 * has the same bytes on several days (the files name no day), so one file may be sealed many times.
 */
async function storedSealsOf(db: Queryable, digest: string): Promise<Seal[]> {
  const rows = await db
    .select({ seal: priceSeal.seal })
    .from(priceSeal)
    .where(
      or(
        sql`((${priceSeal.seal}::jsonb) #>> '{files,json,sha256}') = ${digest}`,
        sql`((${priceSeal.seal}::jsonb) #>> '{files,csv,sha256}') = ${digest}`,
      ),
    )
    .orderBy(desc(priceSeal.day))
    .limit(SAME_FILE_DAYS + 1);
  return rows.map((row) => parseSeal(Buffer.from(row.seal, "utf8"))).filter((seal) => seal !== null);
}

/** The store's name and the chain's previous stored seal's digest, through the public role. */
async function chainContext(db: Queryable, seal: Seal) {
  const [owner] = await db
    .select({ id: store.id, name: store.name })
    .from(store)
    .where(eq(store.username, seal.store));
  if (!owner) return { storeName: null, chain: "unknown" as const };
  let pointId: string | null = null;
  if (seal.pointOfSale) {
    const [point] = await db
      .select({ id: pointOfSale.id })
      .from(pointOfSale)
      .where(and(eq(pointOfSale.storeId, owner.id), eq(pointOfSale.slug, seal.pointOfSale)));
    if (!point) return { storeName: owner.name, chain: "unknown" as const };
    pointId = point.id;
  }
  const [before] = await db
    .select({ digest: priceSeal.digest })
    .from(priceSeal)
    .where(
      and(
        eq(priceSeal.storeId, owner.id),
        pointId ? eq(priceSeal.pointOfSaleId, pointId) : isNull(priceSeal.pointOfSaleId),
        lt(priceSeal.day, seal.day),
      ),
    )
    .orderBy(desc(priceSeal.day))
    .limit(1);
  const chain: Verification["chain"] = before
    ? seal.previous === before.digest
      ? "linked"
      : "broken"
    : seal.previous === null
      ? "first"
      : // Its previous day is older than the archive keeps, or was never public.
        "unknown";
  return { storeName: owner.name, chain };
}

/**
 * Checks a downloaded day file against its seal (the visitor's, or the stored one whose hashes
 * name these bytes) and the published keys: the bytes, the signature, and the link to the day before.
 */
export async function verifyUpload(
  db: Queryable,
  keys: PublicSealKey[],
  input: { file: Upload | null; seal: Upload | null },
): Promise<VerifyOutcome> {
  const { file } = input;
  if (!file || file.bytes.length === 0) return { ok: false, error: "noFile" };
  if (file.bytes.length > DAY_FILE_LIMIT) return { ok: false, error: "fileTooLarge" };
  if (!isDayFile(file)) return { ok: false, error: "fileType" };
  const digest = sha256(file.bytes);
  let seal: Seal | null;
  let sealSource: Verification["sealSource"];
  const stored = await storedSealsOf(db, digest);
  if (input.seal && input.seal.bytes.length > 0) {
    if (input.seal.bytes.length > SEAL_FILE_LIMIT) return { ok: false, error: "sealTooLarge" };
    seal = parseSeal(input.seal.bytes);
    if (!seal) return { ok: false, error: "sealUnreadable" };
    sealSource = "uploaded";
  } else {
    seal = stored[0] ?? null;
    if (!seal) return { ok: false, error: "sealNotFound" };
    sealSource = "stored";
  }
  const check = checkSeal(seal, keys, file.bytes);
  const { storeName, chain } = await chainContext(db, seal);
  return {
    ok: true,
    result: {
      store: seal.store,
      storeName,
      pointOfSale: seal.pointOfSale,
      day: seal.day,
      confirmedAt: seal.confirmedAt,
      sealedAt: seal.sealedAt ?? null,
      kid: seal.kid,
      file: check.file,
      signature: check.signature,
      chain,
      sealSource,
      sha256: digest,
      alsoSealed: stored
        .filter((other) => other.signature !== seal.signature)
        .slice(0, SAME_FILE_DAYS)
        .map((other) => ({ store: other.store, pointOfSale: other.pointOfSale, day: other.day })),
      verified: check.file !== null && check.signature === "valid" && chain !== "broken",
    },
  };
}
