import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { bytesResponse } from "~/lib/bytes-response.server";
import { formatDateTime } from "~/lib/dates";
import { html } from "~/lib/html";
import type { ServedPdf } from "./price-list-pdf-cache.server";

/** The query that asks, knowingly, for the version before when the current one could not be drawn. */
export const PREVIOUS_VERSION_PARAM = "previous";

/**
 * The answer to a price-list PDF request. The current version is the PDF itself. A superseded one
 * (its drawing failed, decision 0129) is never handed out as the list: the visitor gets a page
 * saying the current list could not be drawn, with a link to the previous version that names it as
 * such and the time it was drawn; only that link gives the previous PDF.
 */
export function priceListPdfResponse(
  request: Request,
  served: ServedPdf,
  locale: Locale,
  filename: string,
): Response {
  const { pdf, etag, builtAt, superseded } = served;
  const url = new URL(request.url);
  if (superseded && !url.searchParams.has(PREVIOUS_VERSION_PARAM)) {
    const t = getFixedT(locale);
    const time = formatDateTime(builtAt, locale);
    url.searchParams.set(PREVIOUS_VERSION_PARAM, "1");
    const page = html`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t("pricelist:pdf.superseded.title")}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.25rem">${t("pricelist:pdf.superseded.title")}</h1>
<p>${t("pricelist:pdf.superseded.body", { time })}</p>
<p><a href="${`${url.pathname}${url.search}`}">${t("pricelist:pdf.superseded.link", { time })}</a></p>
</body></html>`;
    return new Response(page.value, {
      status: 503,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "60",
        "Content-Language": locale,
      },
    });
  }
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${superseded ? filename.replace(/\.pdf$/, "-previous-version.pdf") : filename}"`,
    "Cache-Control": superseded ? "no-store" : "public, max-age=0, must-revalidate",
    ETag: etag,
    Vary: "Cookie",
  });
  const ifNoneMatch = request.headers.get("if-none-match");
  if (!superseded && ifNoneMatch?.split(",").some((tag) => tag.trim() === etag))
    return new Response(null, { status: 304, headers });
  return bytesResponse(pdf, { headers });
}
