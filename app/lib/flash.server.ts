// A one-shot message across a redirect ("Product saved"), carried in a short-lived cookie.
const FLASH_COOKIE = "flash";

export function flashHeaders(messageKey: string, headers = new Headers()): Headers {
  headers.append(
    "Set-Cookie",
    `${FLASH_COOKIE}=${encodeURIComponent(messageKey)}; Path=/; Max-Age=60; SameSite=Lax; HttpOnly`,
  );
  return headers;
}

/** The pending message (an i18n key) and the header that clears it. */
export function readFlash(request: Request): { message: string | null; headers: Headers } {
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)flash=([^;]+)/);
  const headers = new Headers();
  if (!match?.[1]) return { message: null, headers };
  headers.append("Set-Cookie", `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`);
  const message = decodeURIComponent(match[1]);
  // Only message keys, never markup or arbitrary text from a forged cookie.
  return { message: /^[\w:.-]{1,80}$/.test(message) ? message : null, headers };
}
