import type { MailMessage } from "./mailer.server";

/** One message in two forms: plain text and a simple, escaped HTML version of the same words. */
export type MailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A one-time code shown large, or a link shown as a button. */
  code?: string;
  action?: { label: string; url: string };
  footer: string;
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderMail(to: string, content: MailContent, lang: string): MailMessage {
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.code ? [content.code, ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "--",
    content.footer,
  ].join("\n");
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><body style="margin:0;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;padding:24px">
<div style="background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join("\n")}
${content.code ? `<p style="font-size:32px;letter-spacing:6px;font-weight:bold;margin:16px 0">${escapeHtml(content.code)}</p>` : ""}
${content.action ? `<p style="margin:16px 0"><a href="${escapeHtml(content.action.url)}" style="background:#067d47;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` : ""}
</div>
<p style="font-size:12px;color:#6b7280;margin:12px 0 0">${escapeHtml(content.footer)}</p>
</div></body></html>`;
  return { to, subject: content.subject, text, html };
}
