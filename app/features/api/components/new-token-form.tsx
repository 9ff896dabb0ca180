import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { ApiScope } from "~/db/schema/api-tokens";
import type { FieldErrors, FormValues } from "~/lib/action-result";
import { API_TOKEN_NAME_MAX } from "../api-token.schema";

/** The fields of a new API token: a name to recognise it by and what it may do. */
export function NewTokenForm({
  scopes,
  errors,
  values,
  busy,
}: {
  scopes: readonly ApiScope[];
  errors: FieldErrors;
  values: FormValues;
  busy: boolean;
}) {
  const { t } = useTranslation("api");
  return (
    <div className="flex flex-col gap-4">
      <Field id="token-name" label={t("tokens.name")} hint={t("tokens.nameHint")} error={errors.name}>
        <Input
          {...fieldControlProps("token-name", errors.name, "name")}
          defaultValue={values.name}
          maxLength={API_TOKEN_NAME_MAX}
          autoComplete="off"
        />
      </Field>
      <fieldset aria-describedby={errors.scopes ? "token-scopes-error" : undefined}>
        <legend className="font-medium text-gray-800 text-sm">{t("tokens.scopes")}</legend>
        <div className="mt-2 flex flex-col gap-2">
          {scopes.map((scope) => (
            <CheckboxLabel
              key={scope}
              name="scopes"
              value={scope}
              defaultChecked={scope === "read"}
              label={
                <span className="text-sm">
                  <span className="font-medium">{t(`scopes.${scope}.label`)}</span>
                  <span className="block text-gray-600">{t(`scopes.${scope}.hint`)}</span>
                </span>
              }
              className="items-start"
              inputClassName="mt-0.5"
            />
          ))}
        </div>
        {errors.scopes ? (
          <p id="token-scopes-error" role="alert" className="mt-1 text-red-600 text-sm">
            {t(errors.scopes)}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" name="intent" value="create" disabled={busy}>
          {t("tokens.create")}
        </Button>
      </div>
    </div>
  );
}
