// Decision 0131: where a push may go. The subscription's endpoint comes from the browser, so the
// server posts only to the hosts of the known push services (a URL of anyone's choosing would make
// the reminder job a way to reach internal addresses). PUSH_SERVICE_HOSTS adds entries: "host",
// "*.domain", or "http://host:port" — the one form that admits plain HTTP, for a local test service.

/** The browsers' push services: Chrome/Edge/Opera (FCM), Firefox (Mozilla), Edge on Windows (WNS), Safari (Apple). */
export const KNOWN_PUSH_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.services.mozilla.com",
  "*.notify.windows.com",
  "web.push.apple.com",
  "*.push.apple.com",
] as const;

/** An endpoint longer than this is no push service's. */
export const MAX_ENDPOINT_LENGTH = 1024;

/** The allow-list: the known hosts and those of the setting (comma- or space-separated). */
export function pushServiceHosts(setting: string | undefined = process.env.PUSH_SERVICE_HOSTS): string[] {
  const extra = (setting ?? "")
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return [...KNOWN_PUSH_HOSTS, ...extra];
}

function hostMatches(entry: string, host: string): boolean {
  if (entry.startsWith("*.")) return host.endsWith(entry.slice(1)) && host.length > entry.length - 1;
  return host === entry;
}

/** Why an endpoint is refused (a catalogue key's last part), or null when the server may post to it. */
export function endpointProblem(endpoint: string, hosts: string[] = pushServiceHosts()): string | null {
  if (endpoint.length === 0 || endpoint.length > MAX_ENDPOINT_LENGTH) return "endpointInvalid";
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpointInvalid";
  }
  if (url.username || url.password || url.hash) return "endpointInvalid";
  const host = url.hostname.toLowerCase();
  if (url.protocol === "https:") {
    // A port other than 443 is no known service's; a test service is named with its port.
    const plainHost =
      url.port === "" && hosts.some((entry) => !entry.includes("://") && hostMatches(entry, host));
    const withOrigin = hosts.includes(url.origin.toLowerCase());
    return plainHost || withOrigin ? null : "endpointNotAllowed";
  }
  if (url.protocol === "http:") {
    return hosts.includes(url.origin.toLowerCase()) ? null : "endpointNotHttps";
  }
  return "endpointNotHttps";
}

function base64urlBytes(value: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ""), "base64url");
}

/** The browser's P-256 key: 65 bytes, uncompressed point (0x04 …). */
export function validP256dh(value: string): boolean {
  if (value.length > 100) return false;
  const bytes = base64urlBytes(value);
  return bytes !== null && bytes.length === 65 && bytes[0] === 0x04;
}

/** The authentication secret: 16 bytes (RFC 8291). */
export function validAuthSecret(value: string): boolean {
  if (value.length > 40) return false;
  const bytes = base64urlBytes(value);
  return bytes !== null && bytes.length === 16;
}

/** A short name of the browser and system from its User-Agent, for the owner's device list. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /OPR\//.test(ua)
        ? "Opera"
        : /Firefox\//.test(ua)
          ? "Firefox"
          : /Chrome\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return [browser, system].filter(Boolean).join(" · ");
}
