import { Fingerprint, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { authClient } from "~/auth/auth-client";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { Locale } from "~/i18n/config";
import { formatDate } from "~/lib/dates";
import { Outcome, Section, useResult } from "./settings-section";

type PasskeyRow = {
  id: string;
  name: string | null;
  createdAt: Date | string | null;
  lastUsedAt: Date | string | null;
};

function PasskeyItem({ passkey, locale }: { passkey: PasskeyRow; locale: Locale }) {
  const { t } = useTranslation("account");
  const rename = useFetcher();
  const remove = useFetcher();
  const result = useResult(rename.data ?? remove.data, "renamePasskey", "deletePasskey");
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-end gap-2">
        <rename.Form method="post" className="flex min-w-0 flex-1 items-end gap-2">
          <input type="hidden" name="intent" value="renamePasskey" />
          <input type="hidden" name="id" value={passkey.id} />
          <Field id={`pk-${passkey.id}`} label={t("passkeys.name")} className="min-w-0 flex-1">
            <Input id={`pk-${passkey.id}`} name="name" defaultValue={passkey.name ?? ""} maxLength={100} />
          </Field>
          <Button type="submit" variant="outline" size="sm" className="h-10">
            {t("passkeys.rename")}
          </Button>
        </rename.Form>
        <remove.Form method="post">
          <input type="hidden" name="intent" value="deletePasskey" />
          <input type="hidden" name="id" value={passkey.id} />
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            aria-label={t("passkeys.delete", { name: passkey.name ?? "" })}
          >
            <Trash2 aria-hidden className="size-4 text-red-600" />
          </Button>
        </remove.Form>
      </div>
      <p className="mt-1 text-gray-500 text-xs">
        {passkey.createdAt ? t("passkeys.added", { date: formatDate(passkey.createdAt, locale) }) : null}
        {" · "}
        {passkey.lastUsedAt
          ? t("passkeys.lastUsed", { date: formatDate(passkey.lastUsedAt, locale) })
          : t("passkeys.neverUsed")}
      </p>
      <Outcome result={result} />
    </li>
  );
}

export function PasskeySection({ passkeys, locale }: { passkeys: PasskeyRow[]; locale: Locale }) {
  const { t } = useTranslation("account");
  const revalidator = useRevalidator();
  // Adding a passkey is WebAuthn, which needs the page's script: the button waits for it, and the
  // name is the field's own value, so one typed before the script ran is kept.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Section icon={<Fingerprint aria-hidden className="size-5 text-gray-500" />} title={t("passkeys.title")}>
      {passkeys.length === 0 ? <p className="text-gray-600 text-sm">{t("passkeys.empty")}</p> : null}
      <ul className="divide-y divide-gray-100">
        {passkeys.map((p) => (
          <PasskeyItem key={p.id} passkey={p} locale={locale} />
        ))}
      </ul>
      <form
        className="mt-4 flex flex-col gap-2 border-gray-100 border-t pt-4 sm:flex-row sm:items-end"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const name = String(new FormData(form).get("name") ?? "").trim();
          setBusy(true);
          setError(null);
          try {
            const result = await authClient.passkey.addPasskey({ name: name || t("passkeys.defaultName") });
            if (result?.error) setError("errors:passkeyAddFailed");
            else {
              form.reset();
              toast.success(t("passkeys.addedToast"));
              revalidator.revalidate();
            }
          } catch {
            setError("errors:passkeyAddFailed");
          }
          setBusy(false);
        }}
      >
        <Field id="new-passkey" label={t("passkeys.newName")} className="min-w-0 flex-1">
          <Input id="new-passkey" name="name" defaultValue="" maxLength={100} />
        </Field>
        <Button type="submit" disabled={busy || !ready} className="self-start sm:self-auto">
          <Fingerprint aria-hidden className="size-4" />
          {t("passkeys.add")}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-red-700 text-sm">
          {t(error)}
        </p>
      ) : null}
    </Section>
  );
}
