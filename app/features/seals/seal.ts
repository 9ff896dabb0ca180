import { canonicalJson, type JsonValue } from "~/lib/canonical-json";

// Decision 0130: the shape of a day's seal. Isomorphic: the sealing job builds it, the verifier
// (scripts/verify-day.ts) reads it.

export type Seal = {
  store: string;
  pointOfSale: string | null;
  day: string;
  files: { json: { sha256: string }; csv: { sha256: string } };
  confirmedAt: string | null;
  /** Hex SHA-256 of the previous sealed day's seal, over its canonical bytes (signature included). */
  previous: string | null;
  /** Only on a seal made after its day had ended (a catch-up, or days archived before sealing began). */
  sealedAt?: string;
  kid: string;
  signature: string;
};

export type UnsignedSeal = Omit<Seal, "signature">;

/** The bytes the signature covers: the RFC 8785 canonical JSON of the seal without `signature`. */
export function signedBytes(seal: UnsignedSeal | Seal): Buffer {
  const { signature: _signature, ...unsigned } = seal as Seal;
  return Buffer.from(canonicalJson(unsigned as unknown as JsonValue), "utf8");
}

/** The bytes a seal's successor chains to: the canonical JSON of the whole signed seal. */
export function chainedBytes(seal: Seal): Buffer {
  return Buffer.from(canonicalJson(seal as unknown as JsonValue), "utf8");
}

/** The seal as served: its members in the order a reader expects, one per line. */
export function sealText(seal: Seal): string {
  const ordered: Seal = {
    store: seal.store,
    pointOfSale: seal.pointOfSale,
    day: seal.day,
    files: { json: { sha256: seal.files.json.sha256 }, csv: { sha256: seal.files.csv.sha256 } },
    confirmedAt: seal.confirmedAt,
    previous: seal.previous,
    ...(seal.sealedAt ? { sealedAt: seal.sealedAt } : {}),
    kid: seal.kid,
    signature: seal.signature,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
