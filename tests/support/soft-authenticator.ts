import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

// A WebAuthn authenticator in software (ES256, "none" attestation), so that a test can register
// and use a passkey with plain HTTP requests, as an attacker's script would, without a browser.

/** Minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  }
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}

const b64url = (bytes: Buffer) => bytes.toString("base64url");
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

type CreationOptions = { challenge: string; rp: { id?: string } };
type RequestOptions = { challenge: string; rpId?: string };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: "jwk" }) as { x: string; y: string };
  }

  /** The credential's public key as COSE (ES256 on P-256). */
  private coseKey(): Buffer {
    return cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.publicJwk.x, "base64url")],
        [-3, Buffer.from(this.publicJwk.y, "base64url")],
      ]),
    );
  }

  /** The passkey row's `publicKey` as the plugin stores it (base64 of the COSE key). */
  cosePublicKeyBase64(): string {
    return this.coseKey().toString("base64");
  }

  /** The passkey row's `credentialID` as the plugin stores it. */
  credentialIdBase64Url(): string {
    return b64url(this.credentialId);
  }

  private authenticatorData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  }

  /** The body `/passkey/verify-registration` expects for these creation options. */
  register(options: CreationOptions, name = "soft key") {
    const rpId = options.rp.id ?? this.rpId;
    if (rpId !== this.rpId) throw new Error(`rp id ${rpId} is not ${this.rpId}`);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: this.origin }),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    // User present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = this.authenticatorData(0x45, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    const id = b64url(this.credentialId);
    return {
      name,
      response: {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      },
    };
  }

  /** The body `/passkey/verify-authentication` expects for these request options. */
  authenticate(options: RequestOptions) {
    this.counter += 1;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: this.origin }),
    );
    const authData = this.authenticatorData(0x05);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    const id = b64url(this.credentialId);
    return {
      response: {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: null,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      },
    };
  }
}
