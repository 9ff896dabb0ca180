import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { ActionResult } from "~/lib/action-result";

type Availability = ActionResult<{ available: boolean; problem: string | null }>;

/**
 * The store username with a debounced live availability check. `current` is the
 * store's own username in settings: it is neither checked nor called free.
 */
export function UsernameField({
  value,
  onChange,
  error,
  rootDomain,
  current,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  rootDomain: string;
  current?: string;
}) {
  const { t } = useTranslation("onboarding");
  const fetcher = useFetcher<Availability>();
  const [failed, setFailed] = useState(false);
  const { load } = fetcher;

  const unchanged = Boolean(current) && value === current;
  useEffect(() => {
    if (!value || unchanged) return;
    const timer = setTimeout(() => {
      setFailed(false);
      load(`/api/username-availability?username=${encodeURIComponent(value)}`).catch(() => setFailed(true));
    }, 400);
    return () => clearTimeout(timer);
  }, [value, unchanged, load]);

  const result = fetcher.data;
  const checking = fetcher.state === "loading";
  let status: React.ReactNode = null;
  if (unchanged) status = <span className="text-gray-600">{t("username.current")}</span>;
  else if (failed || result?.ok === false)
    status = <span className="text-red-600">{t("errors:availabilityCheckFailed")}</span>;
  else if (checking) status = <span className="text-gray-600">{t("username.checking")}</span>;
  else if (result?.ok && value) {
    status = result.available ? (
      <span className="text-brand-700">{t("username.available")}</span>
    ) : (
      <span className="text-red-600">
        {result.problem === "taken"
          ? t("errors:usernameUnavailable")
          : t(`validation:username.${result.problem}`)}
      </span>
    );
  }

  return (
    <Field id="username" label={t("fields.username")} error={error}>
      <div className="flex items-center overflow-hidden rounded-md border border-gray-300 bg-white focus-within:outline-2 focus-within:outline-brand-600">
        <Input
          {...fieldControlProps("username", error)}
          value={value}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={40}
          className="border-0 shadow-none focus-visible:outline-none"
          required
        />
        <span className="shrink-0 bg-gray-50 px-3 py-2 text-gray-600 text-sm">.{rootDomain}</span>
      </div>
      <p className="text-sm" aria-live="polite">
        {status ?? <span className="text-gray-600">{t("username.hint")}</span>}
      </p>
    </Field>
  );
}
