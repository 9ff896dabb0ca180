import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { getConfig } from "~/lib/config.server";

// Decision 0131: the VAPID key pair that signs every push this site sends (RFC 8292). A browser's
// subscription is bound to the public key it was made with: a new pair silently ends every device's
// reminders. So the pair comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or is made once into
// DATA_DIR/vapid-keys.json (0600, like the session secret and the seal keys), which a backup carries.

export const VAPID_KEYS_FILE = "vapid-keys.json";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** The pair of `dataDir` (made on first use), or the one of the settings when both are set. */
export function loadVapidKeys(
  dataDir: string,
  env: { publicKey?: string; privateKey?: string; subject?: string | null },
  fallbackSubject: string,
): VapidKeys {
  const subject = env.subject || fallbackSubject;
  if (env.publicKey && env.privateKey) {
    return { publicKey: env.publicKey.trim(), privateKey: env.privateKey.trim(), subject };
  }
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  if (existsSync(file)) {
    // Whoever reads the private key can push to every owner's devices as this site.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const made = webpush.generateVAPIDKeys();
  const partial = `${file}.partial`;
  writeFileSync(partial, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, file);
  return { ...made, subject };
}

let cached: VapidKeys | null = null;

/** This instance's VAPID keys (read once per process). */
export function getVapidKeys(): VapidKeys {
  if (cached) return cached;
  const config = getConfig();
  cached = loadVapidKeys(
    config.dataDir,
    {
      publicKey: process.env.VAPID_PUBLIC_KEY,
      privateKey: process.env.VAPID_PRIVATE_KEY,
      subject: process.env.VAPID_SUBJECT,
    },
    `mailto:${config.operator.email}`,
  );
  return cached;
}
