import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { type Locale, parseLocale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { logger } from "~/lib/logger.server";
import { renderMail } from "~/mail/layout.server";
import { getMailer } from "~/mail/mailer.server";
import { CODE_TTL_SECONDS } from "./auth-limits";

export type CodeType = "sign-in" | "email-verification" | "forget-password" | "change-email";

/** The recipient's language: their account's, else the language of the page that asked. */
export async function recipientLocale(db: Db, email: string, request?: Request): Promise<Locale> {
  const [row] = await db.select({ locale: user.locale }).from(user).where(eq(user.email, email)).limit(1);
  if (row) return parseLocale(row.locale);
  return request ? requestLocale(request) : "mk";
}

export async function sendCodeMail(to: string, code: string, type: CodeType, locale: Locale): Promise<void> {
  const t = getFixedT(locale);
  const minutes = CODE_TTL_SECONDS / 60;
  const message = renderMail(
    to,
    {
      subject: t(`account:mail.${type}.subject`, { code }),
      heading: t(`account:mail.${type}.heading`),
      paragraphs: [t(`account:mail.${type}.body`), t("account:mail.expires", { minutes })],
      code,
      footer: t("account:mail.footer"),
    },
    locale,
  );
  const mailer = getMailer();
  await mailer.send(message);
  // Without SMTP (local runs) the code is also logged, as the README says.
  if (mailer.kind === "outbox") logger.info({ to, subject: message.subject, code }, "one-time code");
}

/** To the owner of an address someone tried to register again: no code, only the ways in. */
export async function sendAccountExistsMail(to: string, locale: Locale): Promise<void> {
  const t = getFixedT(locale);
  await getMailer().send(
    renderMail(
      to,
      {
        subject: t("account:mail.exists.subject"),
        heading: t("account:mail.exists.heading"),
        paragraphs: [t("account:mail.exists.body"), t("account:mail.exists.ignore")],
        footer: t("account:mail.footer"),
      },
      locale,
    ),
  );
}
