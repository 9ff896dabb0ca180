import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { ActionFailure } from "~/lib/action-result";
import { MAX_TRIAL_EXTENSION_DAYS_VALUE } from "../admin-limits";

type StoreRef = { id: string; name: string; state: string };

/**
 * The actions on one store, behind a disclosure so the row stays one line: extend the trial, and
 * deactivate or reactivate. Each asks for the reason the audit log keeps. Plain forms: they work
 * before the page's JavaScript loads.
 */
export function StoreActions({ store, failure }: { store: StoreRef; failure?: ActionFailure }) {
  const { t } = useTranslation("admin");
  const mine = failure?.values?.storeId === store.id ? failure : undefined;
  const inactive = store.state === "inactive";
  const toggle = inactive ? "reactivate" : "deactivate";
  return (
    <details className="group" open={mine ? true : undefined}>
      <summary className="cursor-pointer select-none font-medium text-brand-700 text-sm">
        {t("stores.columns.actions")}
      </summary>
      <div className="mt-2 flex w-72 flex-col gap-3">
        <Form method="post" className="flex flex-col gap-2 rounded-md border border-gray-200 p-2">
          <p className="font-medium text-sm">{t("stores.extend.title", { name: store.name })}</p>
          <input type="hidden" name="intent" value="extend" />
          <input type="hidden" name="storeId" value={store.id} />
          <label htmlFor={`days-${store.id}`} className="text-xs">
            {t("stores.extend.days")}
          </label>
          <Input
            id={`days-${store.id}`}
            name="days"
            type="number"
            min={1}
            max={MAX_TRIAL_EXTENSION_DAYS_VALUE}
            defaultValue={mine?.intent === "extend" ? mine.values?.days : "14"}
            required
            aria-invalid={mine?.intent === "extend" && mine.errors.days ? true : undefined}
          />
          <ReasonField
            id={`extend-reason-${store.id}`}
            failure={mine?.intent === "extend" ? mine : undefined}
          />
          <Button type="submit" size="sm">
            {t("stores.extend.submit")}
          </Button>
        </Form>
        <Form method="post" className="flex flex-col gap-2 rounded-md border border-gray-200 p-2">
          <p className="font-medium text-sm">{t(`stores.${toggle}.title`, { name: store.name })}</p>
          {inactive ? null : <p className="text-gray-600 text-xs">{t("stores.deactivate.text")}</p>}
          <input type="hidden" name="intent" value={toggle} />
          <input type="hidden" name="storeId" value={store.id} />
          <ReasonField
            id={`${toggle}-reason-${store.id}`}
            failure={mine?.intent === toggle ? mine : undefined}
          />
          <Button type="submit" size="sm" variant={inactive ? "default" : "destructive"}>
            {t(`stores.${toggle}.submit`)}
          </Button>
        </Form>
      </div>
    </details>
  );
}

function ReasonField({ id, failure }: { id: string; failure?: ActionFailure }) {
  const { t } = useTranslation(["admin", "validation", "errors"]);
  const error = failure?.errors.reason ?? failure?.errors.days ?? failure?.errors.form;
  return (
    <>
      <label htmlFor={id} className="text-xs">
        {t("admin:reason")}
      </label>
      <Input
        id={id}
        name="reason"
        required
        maxLength={500}
        defaultValue={failure?.values?.reason}
        aria-describedby={`${id}-hint`}
        aria-invalid={failure?.errors.reason ? true : undefined}
      />
      <span id={`${id}-hint`} className="text-gray-500 text-xs">
        {t("admin:reasonHint")}
      </span>
      {error ? (
        <p role="alert" className="text-red-700 text-xs">
          {t(error)}
        </p>
      ) : null}
    </>
  );
}
