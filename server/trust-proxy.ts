import { isIP } from "node:net";

// TRUST_PROXY reached Express as a string, which Express reads as an address list:
// "1" trusted a proxy at the address "1" (none), so every visitor behind the real proxy shared the
// proxy's address and one rate-limit bucket; "true" stopped the start. Parsed here, once; the
// README's settings table says the same (decision 0021).

export type TrustProxy = boolean | number | string[];

/** Express's names for address ranges. */
const PRESETS = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(item: string): boolean {
  if (PRESETS.has(item)) return true;
  const [address = "", prefix, ...rest] = item.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The `trust proxy` setting for Express from TRUST_PROXY:
 * unset, "", "false", "0" → false (the socket's address is the client);
 * a whole number n → n hops (the address n entries from the right of X-Forwarded-For);
 * "true" → every hop (only when nothing but the proxy can reach the app);
 * a comma-separated list of addresses, CIDR ranges or loopback/linklocal/uniquelocal → those proxies.
 * Anything else throws, so a typo stops the start instead of silently trusting nothing.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return Number(text);
  const items = text.split(",").map((item) => item.trim());
  const wrong = items.filter((item) => !isAddressOrRange(item));
  if (wrong.length > 0 || items.length === 0) {
    throw new Error(
      `TRUST_PROXY=${value}: expected a hop count (1), true, false, or addresses/CIDR ranges separated by commas; cannot read ${wrong.join(", ")}`,
    );
  }
  return items;
}
