import { data, redirect } from "react-router";
import { changePasswordSchema } from "~/auth/auth.schema";
import { CLIENT_IP_HEADER } from "~/auth/auth.server";
import { googleEnabled, startGoogle } from "~/auth/auth-actions.server";
import { authCookies, callAuth } from "~/auth/auth-call.server";
import { verifyCurrentPassword } from "~/auth/password-check.server";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/db.server";
import { localeCookie } from "~/i18n/config";
import { isAppError } from "~/lib/app-error";
import { flashHeaders } from "~/lib/flash.server";
import { fieldErrors, formObject } from "~/lib/form";
import {
  emailChangeSchema,
  localeFormSchema,
  nameFormSchema,
  passkeyIdSchema,
  passkeyNameSchema,
} from "./account.schema";
import { changeEmail, setLocale, setName, waysInWithout } from "./account.server";

export type SettingsResult = {
  section: string;
  ok?: string;
  errors?: Record<string, string>;
  codeSentTo?: string;
};

function fail(section: string, form: string, status = 400) {
  return data<SettingsResult>({ section, errors: { form } }, { status });
}

/** One settings form, chosen by its `intent`; the user always comes from the session. */
export async function settingsAction(request: Request, user: SessionUser) {
  const db = getDb();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = formObject(form);

  switch (intent) {
    case "locale": {
      const parsed = localeFormSchema.safeParse(values);
      if (!parsed.success)
        return data<SettingsResult>(
          { section: "language", errors: fieldErrors(parsed.error) },
          { status: 400 },
        );
      await setLocale(db, user.id, parsed.data.locale);
      // A document reload, so the whole page switches language (decision 0003).
      const headers = flashHeaders("account:settings.saved");
      headers.append("Set-Cookie", localeCookie(parsed.data.locale));
      return redirect("/dashboard/settings", { headers });
    }
    case "name": {
      const parsed = nameFormSchema.safeParse(values);
      if (!parsed.success)
        return data<SettingsResult>(
          { section: "profile", errors: fieldErrors(parsed.error) },
          { status: 400 },
        );
      await setName(db, user.id, parsed.data.name);
      return data<SettingsResult>({ section: "profile", ok: "account:settings.saved" });
    }
    case "email": {
      const parsed = emailChangeSchema.safeParse(values);
      if (!parsed.success)
        return data<SettingsResult>({ section: "email", errors: fieldErrors(parsed.error) }, { status: 400 });
      const { newEmail, currentPassword, otp } = parsed.data;
      const audit = {
        ipAddress: request.headers.get(CLIENT_IP_HEADER),
        userAgent: request.headers.get("user-agent"),
      };
      if (currentPassword) {
        if (!(await verifyCurrentPassword(user.id, currentPassword))) {
          return data<SettingsResult>(
            { section: "email", errors: { currentPassword: "errors:wrongPassword" } },
            { status: 400 },
          );
        }
        try {
          await changeEmail(db, user.id, newEmail, { ...audit, method: "password" });
        } catch (error) {
          if (isAppError(error)) return fail("email", error.messageKey);
          throw error;
        }
        return data<SettingsResult>({ section: "email", ok: "account:email.changed" });
      }
      if (otp) {
        // The code went to the new address: entering it proves the person can read that mailbox.
        const response = await callAuth(request, "/email-otp/change-email", { newEmail, otp });
        if (!response.ok)
          return fail("email", response.status === 429 ? "errors:rateLimited" : "errors:codeVerifyFailed");
        return data<SettingsResult>({ section: "email", ok: "account:email.changed" });
      }
      const response = await callAuth(request, "/email-otp/request-email-change", { newEmail });
      if (!response.ok)
        return fail("email", response.status === 429 ? "errors:rateLimited" : "errors:codeSendFailed");
      return data<SettingsResult>({ section: "email", codeSentTo: newEmail });
    }
    case "password": {
      const parsed = changePasswordSchema.safeParse(values);
      if (!parsed.success)
        return data<SettingsResult>(
          { section: "password", errors: fieldErrors(parsed.error) },
          { status: 400 },
        );
      const response = await callAuth(request, "/change-password", {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.password,
        // Spec: other sessions end when the password changes.
        revokeOtherSessions: true,
      });
      if (!response.ok)
        return fail(
          "password",
          response.status === 429 ? "errors:rateLimited" : "errors:passwordUpdateFailed",
        );
      return data<SettingsResult>(
        { section: "password", ok: "account:password.changed" },
        { headers: authCookies(response) },
      );
    }
    case "revokeSessions": {
      const response = await callAuth(request, "/revoke-other-sessions", {});
      if (!response.ok) return fail("sessions", "errors:sessionsRevokeFailed");
      return data<SettingsResult>({ section: "sessions", ok: "account:sessions.revoked" });
    }
    case "linkGoogle": {
      if (!googleEnabled()) return fail("linked", "errors:linkFailed");
      return startGoogle(request, true);
    }
    case "unlink": {
      const accountId = String(values.accountId ?? "");
      if (!accountId) return fail("linked", "errors:unlinkFailed");
      if ((await waysInWithout(db, user.id, { accountId })) < 1) {
        return fail("linked", "errors:unlinkLastMethod", 409);
      }
      // better-auth checks that the account is one of this user's.
      const response = await callAuth(request, "/unlink-account", { accountId });
      if (!response.ok) return fail("linked", "errors:unlinkFailed");
      return data<SettingsResult>({ section: "linked", ok: "account:linked.unlinked" });
    }
    case "renamePasskey": {
      const parsed = passkeyNameSchema.safeParse(values);
      if (!parsed.success)
        return data<SettingsResult>(
          { section: "passkeys", errors: fieldErrors(parsed.error) },
          { status: 400 },
        );
      const response = await callAuth(request, "/passkey/update-passkey", parsed.data);
      if (!response.ok)
        return fail("passkeys", "errors:passkeyRenameFailed", response.status === 404 ? 404 : 400);
      return data<SettingsResult>({ section: "passkeys", ok: "account:settings.saved" });
    }
    case "deletePasskey": {
      const parsed = passkeyIdSchema.safeParse(values);
      if (!parsed.success) return fail("passkeys", "errors:passkeyDeleteFailed");
      if ((await waysInWithout(db, user.id, { passkeyId: parsed.data.id })) < 1) {
        return fail("passkeys", "errors:unlinkLastMethod", 409);
      }
      const response = await callAuth(request, "/passkey/delete-passkey", parsed.data);
      if (!response.ok)
        return fail("passkeys", "errors:passkeyDeleteFailed", response.status === 404 ? 404 : 400);
      return data<SettingsResult>({ section: "passkeys", ok: "account:passkeys.deleted" });
    }
  }
  return fail("form", "errors:unexpected");
}
