import { isIP } from "node:net";
import { domainToASCII } from "node:url";

// Decision 0133: what a store may name as its own domain. No I/O.

export type DomainProblem = "domainInvalid" | "domainPlatform";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The domain as stored and matched against a Host header: lowercase ASCII (an IDN in punycode),
 * no scheme, path, port or trailing dot; or the reason it cannot be one.
 */
export function normalizeDomain(
  input: string,
  platform: { rootDomain: string; baseUrl: string },
): { domain: string } | { problem: DomainProblem } {
  let text = input.trim().toLowerCase();
  // People paste addresses: "https://ceni.marketana.mk/" is meant as the host.
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/\/.*$/, "");
  if (text.endsWith(".")) text = text.slice(0, -1);
  if (!text || /[\s@:/\\?#[\]]/.test(text)) return { problem: "domainInvalid" };
  if (isIP(text)) return { problem: "domainInvalid" };
  const ascii = domainToASCII(text);
  if (!ascii || ascii.length > 253) return { problem: "domainInvalid" };
  const labels = ascii.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return { problem: "domainInvalid" };
  // A top-level domain is letters (or an IDN's xn--): "1.2.3.4" style names never pass.
  const tld = labels.at(-1) ?? "";
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return { problem: "domainInvalid" };
  if (isPlatformName(ascii, platform)) return { problem: "domainPlatform" };
  return { domain: ascii };
}

/** The platform's own names: the root domain, its subdomains and BASE_URL's host. */
export function isPlatformName(hostname: string, platform: { rootDomain: string; baseUrl: string }): boolean {
  const root = platform.rootDomain.toLowerCase();
  if (hostname === root || hostname.endsWith(`.${root}`)) return true;
  let baseHost = "";
  try {
    baseHost = new URL(platform.baseUrl).hostname.toLowerCase();
  } catch {
    baseHost = "";
  }
  return baseHost !== "" && (hostname === baseHost || hostname.endsWith(`.${baseHost}`));
}

/** The DNS name whose TXT record proves the claim. */
export function challengeName(domain: string): string {
  return `_vitrina.${domain}`;
}
