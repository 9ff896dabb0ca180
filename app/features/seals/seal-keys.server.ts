import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConfig } from "~/lib/config.server";

// Decision 0130: the keys that sign the daily seals. The ring lives in DATA_DIR/seal-keys.json
// (0600, like the session secret), so a backup carries it and a restore brings it back. Each key is
// an Ed25519 JWK named by its RFC 7638 thumbprint; only the active key keeps its private part, and
// retired keys stay listed so that the days they sealed still verify.

export const SEAL_KEYS_FILE = "seal-keys.json";

export type PublicSealKey = { kty: "OKP"; crv: "Ed25519"; kid: string; x: string };
type StoredKey = PublicSealKey & { d?: string };
type KeyRing = { active: string; keys: StoredKey[] };

export type SealKeys = {
  /** The key that signs new seals. */
  active: { kid: string; privateKey: KeyObject };
  /** Every key a seal of this site may name, the active one first: what /.well-known publishes. */
  published: PublicSealKey[];
};

/** RFC 7638: the SHA-256 of the key's required members in canonical order, base64url. */
export function keyThumbprint(x: string): string {
  return createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest("base64url");
}

function toStored(privateKey: KeyObject, withPrivate: boolean): StoredKey {
  const jwk = privateKey.export({ format: "jwk" }) as { x: string; d: string };
  const key: StoredKey = { kty: "OKP", crv: "Ed25519", kid: keyThumbprint(jwk.x), x: jwk.x };
  if (withPrivate) key.d = jwk.d;
  return key;
}

function newKey(): KeyObject {
  return generateKeyPairSync("ed25519").privateKey;
}

/** The private key of a setting: a PKCS#8 PEM, or an Ed25519 JWK with its `d`. */
function parseSetting(setting: string): KeyObject {
  const text = setting.trim();
  const key = text.startsWith("{")
    ? createPrivateKey({ key: JSON.parse(text), format: "jwk" })
    : createPrivateKey(text.replace(/\\n/g, "\n"));
  if (key.asymmetricKeyType !== "ed25519") throw new Error("SEAL_PRIVATE_KEY must be an Ed25519 key");
  return key;
}

function readRing(file: string): KeyRing | null {
  if (!existsSync(file)) return null;
  // Whoever reads the private key can sign any store's day as this site.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return JSON.parse(readFileSync(file, "utf8")) as KeyRing;
}

function writeRing(file: string, ring: KeyRing): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, `${JSON.stringify(ring, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, file);
}

/**
 * The ring of `dataDir`, made on first use. With `setting` (SEAL_PRIVATE_KEY), that key signs: it
 * joins the ring as the active key (its private part stays in the setting, not in the file).
 */
export function loadSealKeys(dataDir: string, setting?: string | null): SealKeys {
  const file = path.join(dataDir, SEAL_KEYS_FILE);
  let ring = readRing(file);
  let privateKey: KeyObject;
  if (setting) {
    privateKey = parseSetting(setting);
    const key = toStored(privateKey, false);
    if (!ring || ring.active !== key.kid || !ring.keys.some((k) => k.kid === key.kid)) {
      const others = (ring?.keys ?? []).filter((k) => k.kid !== key.kid).map(({ d: _d, ...k }) => k);
      ring = { active: key.kid, keys: [key, ...others] };
      writeRing(file, ring);
    }
  } else {
    if (!ring) {
      const key = toStored(newKey(), true);
      ring = { active: key.kid, keys: [key] };
      writeRing(file, ring);
    }
    const active = ring.keys.find((k) => k.kid === ring!.active);
    if (!active?.d)
      throw new Error(`${file}: the active seal key has no private part (set SEAL_PRIVATE_KEY)`);
    privateKey = createPrivateKey({ key: { ...active }, format: "jwk" });
  }
  const current = ring;
  return {
    active: { kid: current.active, privateKey },
    published: [...current.keys]
      .sort((a, b) => (a.kid === current.active ? -1 : b.kid === current.active ? 1 : 0))
      .map(({ kty, crv, kid, x }) => ({ kty, crv, kid, x })),
  };
}

/**
 * Rotation (docs/operations.md): a new active key; the old one keeps only its public part, listed
 * for the days it sealed. Returns the new key's kid.
 */
export function rotateSealKey(dataDir: string): string {
  const file = path.join(dataDir, SEAL_KEYS_FILE);
  const ring = readRing(file);
  const key = toStored(newKey(), true);
  const retired = (ring?.keys ?? []).map(({ d: _d, ...k }) => k);
  writeRing(file, { active: key.kid, keys: [key, ...retired] });
  cached = null;
  return key.kid;
}

/** The public key of a published JWK, for verifying. */
export function publicKeyOf(jwk: PublicSealKey): KeyObject {
  return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" });
}

let cached: SealKeys | null = null;

/** This instance's seal keys (read once per process; rotation takes effect at the next start). */
export function getSealKeys(): SealKeys {
  cached ??= loadSealKeys(getConfig().dataDir, process.env.SEAL_PRIVATE_KEY || null);
  return cached;
}
