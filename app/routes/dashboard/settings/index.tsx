import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { toast } from "sonner";
import { changePasswordSchema } from "~/auth/auth.schema";
import { googleEnabled, startGoogle } from "~/auth/auth-actions.server";
import { requireUser } from "~/auth/guards.server";
import { getDb } from "~/db/db.server";
import {
  emailChangeSchema,
  emailCodeSchema,
  localeFormSchema,
  nameFormSchema,
  passkeyIdSchema,
  passkeyNameSchema,
  unlinkSchema,
} from "~/features/account/account.schema";
import { getAccountOverview, setLocale, setName } from "~/features/account/account.server";
import { PasskeySection } from "~/features/account/components/passkey-settings";
import { LanguageSection, ProfileSection } from "~/features/account/components/profile-settings";
import { LinkedSection, SecuritySection } from "~/features/account/components/security-settings";
import * as settings from "~/features/account/settings.server";
import { type Locale, localeCookie } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { AppError } from "~/lib/app-error";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/index";

// Account settings: the route parses the form and hands it to the account service
// (features/account/settings.server.ts) through the one route adapter; the sections are
// components of the account feature.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const t = getFixedT(requestLocale(request));
  const overview = await getAccountOverview(getDb(), user.id);
  const url = new URL(request.url);
  return {
    title: `${t("account:settings.title")} · Vitrina`,
    ...overview,
    google: googleEnabled(),
    // Back from Google's linking: ?linked=google or ?error=link.
    notice: url.searchParams.get("linked") ? "account:linked.linked" : null,
    error: url.searchParams.get("error") ? "errors:linkFailed" : null,
  };
}

/** What an admin acting as the owner may not change (decision 0044): the owner's ways in. */
const SIGN_IN_DETAIL_INTENTS = new Set([
  "email",
  "confirmEmail",
  "password",
  "revokeSessions",
  "linkGoogle",
  "unlink",
  "renamePasskey",
  "deletePasskey",
]);

export async function action({ request, context }: Route.ActionArgs) {
  const call = { db: getDb(), user: requireUser(context), request };
  const form = await request.formData();
  const values = formObject(form);
  const intent = String(values.intent ?? "");
  const run = <T extends object>(work: () => Promise<Response | T>, typed?: Record<string, string>) =>
    handleAction(work, { intent, ...(typed && { values: typed }) });
  if (call.user.impersonatedBy && SIGN_IN_DETAIL_INTENTS.has(intent)) {
    return run(async () => {
      throw new AppError("impersonationRefused");
    });
  }

  switch (intent) {
    case "locale":
      return run(async () => {
        const { locale } = parseForm(localeFormSchema, values);
        await setLocale(call.db, call.user.id, locale);
        // A document reload, so the whole page switches language (decision 0003).
        const headers = flashHeaders("account:settings.saved");
        headers.append("Set-Cookie", localeCookie(locale));
        return redirect("/dashboard/settings", { headers });
      });
    case "name":
      return run(async () => {
        await setName(call.db, call.user.id, parseForm(nameFormSchema, values).name);
        return { message: "account:settings.saved" };
      });
    case "email":
      return run(() => settings.requestEmailChange(call, parseForm(emailChangeSchema, values)));
    case "confirmEmail":
      return run(
        async () => {
          await settings.confirmEmailChange(call, parseForm(emailCodeSchema, values));
          return { message: "account:email.changed" };
        },
        { newEmail: String(values.newEmail ?? "") },
      );
    case "password":
      return run(async () => {
        const cookies = await settings.changePassword(call, parseForm(changePasswordSchema, values));
        const headers = new Headers();
        for (const cookie of cookies) headers.append("Set-Cookie", cookie);
        return data({ ok: true as const, intent, message: "account:password.changed" }, { headers });
      });
    case "revokeSessions":
      return run(async () => {
        await settings.revokeOtherSessions(call);
        return { message: "account:sessions.revoked" };
      });
    case "linkGoogle":
      return run(async () => {
        if (!googleEnabled()) throw new AppError("linkFailed");
        return startGoogle(request, true);
      });
    case "unlink":
      return run(async () => {
        await settings.unlinkAccount(call, parseForm(unlinkSchema, values).accountId);
        return { message: "account:linked.unlinked" };
      });
    case "renamePasskey":
      return run(async () => {
        await settings.renamePasskey(call, parseForm(passkeyNameSchema, values));
        return { message: "account:settings.saved" };
      });
    case "deletePasskey":
      return run(async () => {
        await settings.deletePasskey(call, parseForm(passkeyIdSchema, values));
        return { message: "account:passkeys.deleted" };
      });
  }
  return run(async () => {
    throw new AppError("validation");
  });
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const locale = i18n.language as Locale;
  useEffect(() => {
    if (loaderData.notice) toast.success(t(loaderData.notice));
    if (loaderData.error) toast.error(t(loaderData.error));
  }, [loaderData.notice, loaderData.error, t]);
  return (
    <div className="flex flex-col gap-5">
      <LanguageSection locale={locale} />
      <ProfileSection
        name={loaderData.user.name}
        email={loaderData.user.email}
        hasPassword={loaderData.hasPassword}
      />
      <SecuritySection hasPassword={loaderData.hasPassword} />
      <LinkedSection linked={loaderData.linked} google={loaderData.google} locale={locale} />
      <PasskeySection passkeys={loaderData.passkeys} locale={locale} />
    </div>
  );
}
