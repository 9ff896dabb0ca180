import { createHash, createPublicKey, verify } from "node:crypto";
import { chainedBytes, type Seal, signedBytes } from "./seal";
import type { PublicSealKey } from "./seal-keys.server";

// Decision 0130: what anyone can check with a day's file, its seal and the published keys, with no
// access to Vitrina: the signature, the bytes, and that each day's seal names the one before.

export type SealCheck = {
  /** The seal's signature verifies with the key it names, among the published keys. */
  signature: "valid" | "invalid" | "unknown-key";
  /** Which of the sealed files these bytes are, or null when they are neither. */
  file: "json" | "csv" | null;
};

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** Checks a seal's signature against a JWKS's keys, and (with `bytes`) which file it seals. */
export function checkSeal(seal: Seal, keys: PublicSealKey[], bytes?: Buffer): SealCheck {
  const key = keys.find((candidate) => candidate.kid === seal.kid);
  let signature: SealCheck["signature"] = "unknown-key";
  if (key) {
    const publicKey = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: key.x }, format: "jwk" });
    let valid = false;
    try {
      valid = verify(null, signedBytes(seal), publicKey, Buffer.from(seal.signature, "base64url"));
    } catch {
      valid = false;
    }
    signature = valid ? "valid" : "invalid";
  }
  let file: SealCheck["file"] = null;
  if (bytes) {
    const digest = sha256(bytes);
    file = digest === seal.files.json.sha256 ? "json" : digest === seal.files.csv.sha256 ? "csv" : null;
  }
  return { signature, file };
}

export type ChainBreak = { day: string; reason: "first-has-previous" | "previous-mismatch" | "order" };

/**
 * The breaks in a run of one list's seals, oldest first: each must name the hash of the one before
 * (the first of a whole chain names none; a run that starts later only has to agree with itself).
 */
export function checkChain(seals: Seal[], whole = false): ChainBreak[] {
  const breaks: ChainBreak[] = [];
  seals.forEach((seal, index) => {
    if (index === 0) {
      if (whole && seal.previous !== null) breaks.push({ day: seal.day, reason: "first-has-previous" });
      return;
    }
    const before = seals[index - 1]!;
    if (before.day >= seal.day || before.store !== seal.store || before.pointOfSale !== seal.pointOfSale)
      breaks.push({ day: seal.day, reason: "order" });
    else if (seal.previous !== sha256(chainedBytes(before)))
      breaks.push({ day: seal.day, reason: "previous-mismatch" });
  });
  return breaks;
}
