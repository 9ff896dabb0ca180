import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { Card } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";

/** What the settings action answers: the one action result, with the address a code went to. */
export type SettingsResult = ActionResult<{ codeSentTo?: string }>;

/** The answer of a settings fetcher when it belongs to one of these intents. */
function resultOf(data: unknown, ...intents: string[]): SettingsResult | undefined {
  const result = data as SettingsResult | undefined;
  return result && intents.includes(result.intent ?? "") ? result : undefined;
}

/**
 * The answer to these intents: a fetcher's, or, when the form was sent before the page's scripts ran
 * (a slow phone, no JavaScript), the document's own action data, so that answer is shown too.
 */
export function useResult(fetcherData: unknown, ...intents: string[]): SettingsResult | undefined {
  const documentData = useActionData();
  return resultOf(fetcherData, ...intents) ?? resultOf(documentData, ...intents);
}

/** The field errors of a failed answer (none on success). */
export function errorsOf(result: SettingsResult | undefined): Record<string, string> {
  return result && !result.ok ? result.errors : {};
}

export function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 font-semibold text-lg">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/** The form's own outcome: its error, or the confirmation of what was saved. */
export function Outcome({ result }: { result?: SettingsResult }) {
  const { t } = useTranslation();
  if (result && !result.ok && result.errors.form) {
    return (
      <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-red-700 text-sm">
        {t(result.errors.form)}
      </p>
    );
  }
  if (result?.ok && result.message) {
    return (
      <p role="status" className="mt-3 rounded-md bg-brand-50 p-3 text-brand-900 text-sm">
        {t(result.message)}
      </p>
    );
  }
  return null;
}
