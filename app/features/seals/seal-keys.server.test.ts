import { generateKeyPairSync, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signedBytes } from "./seal";
import { signSeal } from "./seal.server";
import { keyThumbprint, loadSealKeys, publicKeyOf, rotateSealKey, SEAL_KEYS_FILE } from "./seal-keys.server";

// Decision 0130: with several instances, SEAL_PRIVATE_KEY gives them all the one signing key; it
// joins DATA_DIR's ring as the active key, and its private part never lands in the file.

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vitrina-seal-keys-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const unsigned = {
  store: "market-pela",
  pointOfSale: null,
  day: "2026-11-20",
  files: { json: { sha256: "a".repeat(64) }, csv: { sha256: "b".repeat(64) } },
  confirmedAt: null,
  previous: null,
};

function ring(dir: string): { active: string; keys: { kid: string; d?: string }[] } {
  return JSON.parse(readFileSync(path.join(dir, SEAL_KEYS_FILE), "utf8"));
}

describe("the seal key from the SEAL_PRIVATE_KEY setting", () => {
  const { privateKey } = generateKeyPairSync("ed25519");
  const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  const jwk = privateKey.export({ format: "jwk" }) as { x: string; d: string };
  const kid = keyThumbprint(jwk.x);

  it("signs with the setting's key (a PKCS#8 PEM), published, while the ring file keeps no private part of it", () => {
    const dir = dataDir();
    const keys = loadSealKeys(dir, pem);
    expect(keys.active.kid).toBe(kid);
    expect(keys.published[0]).toEqual({ kty: "OKP", crv: "Ed25519", kid, x: jwk.x });
    const seal = signSeal(unsigned, keys);
    expect(seal.kid).toBe(kid);
    expect(
      verify(
        null,
        signedBytes(seal),
        publicKeyOf(keys.published[0]!),
        Buffer.from(seal.signature, "base64url"),
      ),
    ).toBe(true);
    const file = readFileSync(path.join(dir, SEAL_KEYS_FILE), "utf8");
    expect(file).not.toContain(jwk.d);
    expect(ring(dir)).toMatchObject({ active: kid, keys: [{ kid }] });
    expect(ring(dir).keys[0]).not.toHaveProperty("d");
    expect(statSync(path.join(dir, SEAL_KEYS_FILE)).mode & 0o777).toBe(0o600);
  });

  it("takes the key as a JWK too, and a PEM whose line breaks were written as \\n in one line", () => {
    expect(loadSealKeys(dataDir(), JSON.stringify({ kty: "OKP", crv: "Ed25519", ...jwk })).active.kid).toBe(
      kid,
    );
    expect(loadSealKeys(dataDir(), pem.trim().replace(/\n/g, "\\n")).active.kid).toBe(kid);
  });

  it("keeps the keys the ring had before listed, so the days they sealed still verify", () => {
    const dir = dataDir();
    const generated = loadSealKeys(dir).active.kid;
    const rotated = rotateSealKey(dir);
    const keys = loadSealKeys(dir, pem);
    expect(keys.active.kid).toBe(kid);
    expect(keys.published.map((key) => key.kid)).toEqual([kid, rotated, generated]);
    for (const key of ring(dir).keys) expect(key).not.toHaveProperty("d");
  });

  it("refuses a key that is not Ed25519", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ format: "pem", type: "pkcs8" })
      .toString();
    expect(() => loadSealKeys(dataDir(), rsa)).toThrow(/Ed25519/);
  });
});
