import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local push service as a browser's would be (RFC 8030), for the reminder tests. Each subscription
// it hands out has its own receiver keys; a push is accepted only with a valid VAPID token (RFC 8292:
// an ES256 JWT whose aud is this service's origin, exp in the future, sub set, signed by the key in
// k=), and its aes128gcm body is decrypted (RFC 8291) with Node's crypto alone, not the library that
// encrypted it. A subscription can be set to answer 404 or 410, as an expired one does.

export type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted payload, parsed (the app sends JSON). */
  message: { title: string; body: string; url: string; tag: string };
  ttl: number;
  urgency: string | null;
  vapidKey: string;
};

export type FakeSubscription = {
  id: string;
  endpoint: string;
  /** As the browser's PushSubscription.toJSON() gives it. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  answerWith: (status: number) => void;
};

export type FakePushService = {
  origin: string;
  received: ReceivedPush[];
  /** Pushes the service refused, and why (a test asserts there are none). */
  refused: string[];
  subscribe: () => FakeSubscription;
  close: () => Promise<void>;
};

type Receiver = { ecdh: ECDH; auth: Buffer; status: number };

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

/** RFC 8291 with one aes128gcm record (RFC 8188): the plaintext, or an Error. */
export function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Error(`keyid of ${idLength} bytes, not a P-256 key`);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the last record's delimiter is not 0x02");
  return padded.subarray(0, end);
}

/** Checks `vapid t=…, k=…`; the reason it is wrong, or null. */
export function vapidProblem(header: string | undefined, origin: string, now = Date.now()): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return `no vapid authorization: ${header}`;
  const [, token, key] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split(".");
  if (!head || !payload || !signature) return "not a JWT";
  const header64 = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string; typ?: string };
  if (header64.alg !== "ES256") return `alg ${header64.alg}`;
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) return "k is not an uncompressed P-256 key";
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return "bad signature";
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) return `aud ${claims.aud}, not ${origin}`;
  const seconds = now / 1000;
  if (!claims.exp || claims.exp <= seconds || claims.exp > seconds + 24 * 3600) return `exp ${claims.exp}`;
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return `sub ${claims.sub}`;
  return null;
}

export async function startFakePushService(): Promise<FakePushService> {
  const receivers = new Map<string, Receiver>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = "";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const receiver = receivers.get(id);
      const deny = (status: number, why: string) => {
        refused.push(why);
        res.writeHead(status).end(why);
      };
      if (req.method !== "POST") return deny(405, `method ${req.method}`);
      if (!receiver) return deny(404, `unknown subscription ${id}`);
      if (receiver.status !== 201) return res.writeHead(receiver.status).end();
      const problem = vapidProblem(req.headers.authorization, origin);
      if (problem) return deny(401, problem);
      if (req.headers["content-encoding"] !== "aes128gcm")
        return deny(400, `encoding ${req.headers["content-encoding"]}`);
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return deny(400, `TTL ${req.headers.ttl}`);
      try {
        const plain = decryptPush(Buffer.concat(chunks), receiver.ecdh, receiver.auth);
        received.push({
          subscriptionId: id,
          message: JSON.parse(plain.toString("utf8")),
          ttl,
          urgency: (req.headers.urgency as string | undefined) ?? null,
          vapidKey: /k=([A-Za-z0-9_-]+)/.exec(req.headers.authorization ?? "")![1]!,
        });
      } catch (error) {
        return deny(400, `undecryptable: ${(error as Error).message}`);
      }
      res.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const receiver: Receiver = { ecdh, auth: randomBytes(16), status: 201 };
      receivers.set(id, receiver);
      const endpoint = `${origin}/push/${id}`;
      return {
        id,
        endpoint,
        json: {
          endpoint,
          keys: {
            p256dh: ecdh.getPublicKey().toString("base64url"),
            auth: receiver.auth.toString("base64url"),
          },
        },
        answerWith(status) {
          receiver.status = status;
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
