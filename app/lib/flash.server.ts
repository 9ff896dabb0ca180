// A one-shot message across a redirect ("Product saved"), carried in a short-lived cookie with its
// kind, so a failure shows as an error toast and never as a green success.
const FLASH_COOKIE = "flash";

export const FLASH_KINDS = ["success", "error", "info"] as const;
export type FlashKind = (typeof FLASH_KINDS)[number];
export type Flash = { kind: FlashKind; message: string };

/**
 * The header that sets the flash. Without a kind, an "errors:" key is an error and any other
 * key a success, so a route that forwards an AppError's message cannot show it as a success.
 */
export function flashHeaders(messageKey: string, kind?: FlashKind, headers = new Headers()): Headers {
  const resolved = kind ?? (messageKey.startsWith("errors:") ? "error" : "success");
  headers.append(
    "Set-Cookie",
    `${FLASH_COOKIE}=${encodeURIComponent(`${resolved}~${messageKey}`)}; Path=/; Max-Age=60; SameSite=Lax; HttpOnly`,
  );
  return headers;
}

/** The pending flash and the header that clears it. */
export function readFlash(request: Request): { flash: Flash | null; headers: Headers } {
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)flash=([^;]+)/);
  const headers = new Headers();
  if (!match?.[1]) return { flash: null, headers };
  headers.append("Set-Cookie", `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`);
  let value: string;
  try {
    value = decodeURIComponent(match[1]);
  } catch {
    return { flash: null, headers };
  }
  // Only a known kind and a message key, never markup or arbitrary text from a forged cookie.
  const parsed = /^(success|error|info)~([\w:.-]{1,80})$/.exec(value);
  if (!parsed) return { flash: null, headers };
  return { flash: { kind: parsed[1] as FlashKind, message: parsed[2]! }, headers };
}
