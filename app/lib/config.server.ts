import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";

// Every setting Vitrina reads, in one place (the README has the same table).
export type Config = {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  rootDomain: string;
  authSecret: string;
  baseUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  production: boolean;
  /** S3-compatible object storage for uploads (decision 0014); null → local disk under DATA_DIR/uploads. */
  s3: {
    endpoint: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    publicUrl: string;
    region: string;
  } | null;
  /** Decision 0059: how many bytes of images one store may keep (STORE_STORAGE_LIMIT_MB, default 500). */
  storeStorageLimitBytes: number;
  /** A Photon geocoder for address suggestions (decision 0014); null → the embedded gazetteer. */
  geocoderUrl: string | null;
  /** Google sign-in appears only when both are set. */
  googleClientId: string | null;
  googleClientSecret: string | null;
  /** Tests only: where Google's OpenID endpoints live (a local fake). */
  googleOAuthBaseUrl: string | null;
  /** ADMIN_EMAILS: addresses whose accounts are admins once proven (decision 0092), lower-cased. */
  adminEmails: string[];
  /** The platform operator on pro-forma invoices, and where custom-plan requests go. */
  operator: OperatorDetails;
  /** Decision 0042: card payments through CaSys cPay's hosted payment page; null → bank transfer only. */
  cpay: CpaySettings | null;
  /** Decision 0045: the bearer token /metrics asks for; null → /metrics answers 404. */
  metricsToken: string | null;
  /**
   * PLATFORM_IPV4 / PLATFORM_IPV6: the front's public addresses, shown to owners as the A and AAAA
   * records of an apex custom domain (decision 0133); empty, the page says "the addresses of the host".
   */
  platformAddresses: { ipv4: string[]; ipv6: string[] };
};

export type CpaySettings = { merchantId: string; merchantName: string; secret: string; url: string };

export type OperatorDetails = {
  company: string;
  address: string;
  taxId: string;
  bank: string;
  account: string;
  email: string;
};

let cached: Config | null = null;

export function getConfig(): Config {
  if (cached) return cached;
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = dataDirSetting();
  // Decision 0119: the server user's only (server/start.ts also tightens one made before).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const rootDomain = (process.env.ROOT_DOMAIN ?? "localhost").toLowerCase();
  cached = {
    port,
    dataDir,
    databaseUrl: process.env.DATABASE_URL || null,
    rootDomain,
    authSecret: process.env.BETTER_AUTH_SECRET || readOrCreateSecret(dataDir),
    // Vitest sets BASE_URL to "/" (Vite's base path): only an absolute URL counts.
    baseUrl: /^https?:\/\//.test(process.env.BASE_URL ?? "")
      ? process.env.BASE_URL!
      : `http://${rootDomain}:${port}`,
    smtpUrl: process.env.SMTP_URL || null,
    mailFrom: process.env.MAIL_FROM || "Vitrina <no-reply@vitrina.mk>",
    production: process.env.NODE_ENV === "production",
    s3: readS3(),
    storeStorageLimitBytes: readMegabytes(process.env.STORE_STORAGE_LIMIT_MB, 500),
    geocoderUrl: process.env.GEOCODER_URL || null,
    googleClientId: process.env.GOOGLE_CLIENT_ID || null,
    googleClientSecret: process.env.GOOGLE_CLIENT_SECRET || null,
    googleOAuthBaseUrl: process.env.GOOGLE_OAUTH_BASE_URL || null,
    adminEmails: parseAdminEmails(process.env.ADMIN_EMAILS),
    operator: {
      company: process.env.OPERATOR_COMPANY || "Витрина ДООЕЛ Скопје",
      address: process.env.OPERATOR_ADDRESS || "ул. Македонија 1, 1000 Скопје",
      taxId: process.env.OPERATOR_TAX_ID || "4030000000000",
      bank: process.env.OPERATOR_BANK || "Комерцијална банка АД Скопје",
      account: process.env.OPERATOR_ACCOUNT || "300000000000000",
      email: process.env.OPERATOR_EMAIL || "billing@vitrina.mk",
    },
    cpay:
      process.env.CPAY_MERCHANT_ID && process.env.CPAY_MERCHANT_NAME && process.env.CPAY_SECRET
        ? {
            merchantId: process.env.CPAY_MERCHANT_ID,
            merchantName: process.env.CPAY_MERCHANT_NAME,
            secret: process.env.CPAY_SECRET,
            url:
              process.env.CPAY_URL ||
              "https://www.cpay.com.mk/client/Page/default.aspx?xml_id=/mk-MK/.TestLoginToPay/",
          }
        : null,
    metricsToken: process.env.METRICS_TOKEN || null,
    platformAddresses: {
      ipv4: parseAddresses("PLATFORM_IPV4", process.env.PLATFORM_IPV4, 4),
      ipv6: parseAddresses("PLATFORM_IPV6", process.env.PLATFORM_IPV6, 6),
    },
  };
  return cached;
}

/**
 * A comma-separated list of IP addresses of one family. A wrong one stops the start: an owner would
 * otherwise copy it to the registrar and the domain would point nowhere.
 */
export function parseAddresses(name: string, value: string | undefined, family: 4 | 6): string[] {
  const list = (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const address of list) {
    if (isIP(address) !== family) throw new Error(`${name}: "${address}" is not an IPv${family} address`);
  }
  return [...new Set(list.map((address) => (family === 6 ? address.toLowerCase() : address)))];
}

/** DATA_DIR, absolute (default ./data). */
export function dataDirSetting(): string {
  return path.resolve(process.env.DATA_DIR ?? "./data");
}

export function parseAdminEmails(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

function readMegabytes(value: string | undefined, fallback: number): number {
  const megabytes = Number(value);
  return Math.round(
    (value && Number.isFinite(megabytes) && megabytes > 0 ? megabytes : fallback) * 1024 * 1024,
  );
}

function readS3(): Config["s3"] {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL, S3_REGION } =
    process.env;
  if (!S3_BUCKET) return null;
  if (!S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY || !S3_PUBLIC_URL) {
    throw new Error(
      "S3_BUCKET is set: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL are needed too",
    );
  }
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    publicUrl: S3_PUBLIC_URL.replace(/\/+$/, ""),
    region: S3_REGION || "auto",
  };
}

/** A generated secret survives restarts, so sessions do too. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    // Decision 0119: whoever reads it can mint any session cookie, an admin's too.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return readFileSync(file, "utf8").trim();
  }
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
