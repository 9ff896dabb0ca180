import type { ActionResult } from "~/lib/action-result";

/**
 * Fetches a file the server answers to a GET and hands it to the browser as a download. A failure
 * answer (the route adapter's JSON) comes back as its message key, so the page can show 'No data
 * to export' instead of downloading an error. Browser only.
 */
export async function downloadFile(href: string, fallbackName: string): Promise<string | null> {
  try {
    const response = await fetch(href);
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as ActionResult | null;
      return (body && !body.ok && body.errors.form) || "errors:exportFailed";
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = name ?? fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return null;
  } catch {
    return "errors:exportFailed";
  }
}
