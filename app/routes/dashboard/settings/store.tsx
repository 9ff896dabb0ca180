import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { FormAlert } from "~/components/form-alert";
import { Card } from "~/components/ui/card";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { addressFromForm } from "~/features/address/address.server";
import { AddressField } from "~/features/address/components/address-field";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import { PhonePublicCheckbox } from "~/features/stores/components/phone-public-checkbox";
import { SaveButton } from "~/features/stores/components/save-button";
import { UsernameField } from "~/features/stores/components/username-field";
import { storeProfileSchema } from "~/features/stores/store.schema";
import { addressNotChosen, storeProfileValues, storeSaveFailure } from "~/features/stores/store-form.server";
import { USERNAME_REDIRECT_DAYS, updateStoreProfile } from "~/features/stores/store-profile.server";
import { getConfig } from "~/lib/config.server";
import { flashHeaders } from "~/lib/flash.server";
import { type FieldErrors, fieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/store";

export const meta: Route.MetaFunction = titleMeta;

/** Settings → store: everything entered in onboarding (issue 4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireOwnerStore(context);
  return {
    title: pageTitle(request, "storeSettings:store.title"),
    rootDomain: getConfig().rootDomain,
    redirectDays: USERNAME_REDIRECT_DAYS,
    store: storeProfileValues(store),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const parsed = storeProfileSchema.safeParse(formObject(await request.formData()));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const address = addressFromForm(parsed.data);
  if (!address) return addressNotChosen();
  try {
    await updateStoreProfile(ctx, { ...parsed.data, address });
  } catch (error) {
    return storeSaveFailure(error, "errors:storeSaveFailed");
  }
  return redirect("/dashboard/settings/store", { headers: flashHeaders("storeSettings:store.saved") });
}

export default function StoreSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("storeSettings");
  const { store } = loaderData;
  const errors: FieldErrors = (actionData as { errors?: FieldErrors } | undefined)?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const [username, setUsername] = useState(store.username);
  return (
    <div>
      <h2 className="font-semibold text-lg">{t("store.title")}</h2>
      <Card className="mt-4 p-5">
        <FormAlert message={errors.form} className="mb-4" />
        <Form method="post" noValidate className="flex flex-col gap-4">
          <Field id="storeName" label={t("onboarding:fields.storeName")} error={errors.storeName}>
            <Input
              {...fieldControlProps("storeName", errors.storeName)}
              defaultValue={store.name}
              maxLength={100}
            />
          </Field>
          <UsernameField
            value={username}
            onChange={setUsername}
            error={errors.username}
            rootDomain={loaderData.rootDomain}
            current={store.username}
          />
          {username !== store.username ? (
            <p role="status" className="text-amber-700 text-sm">
              {t("store.usernameChange", { days: loaderData.redirectDays, old: store.username })}
            </p>
          ) : null}
          <Field
            id="phone"
            label={t("onboarding:fields.phone")}
            error={errors.phone}
            hint={t("onboarding:phoneHint")}
          >
            <Input
              {...fieldControlProps("phone", errors.phone)}
              type="tel"
              inputMode="tel"
              defaultValue={store.phone}
            />
          </Field>
          <PhonePublicCheckbox defaultChecked={store.phonePublic} />
          <Field id="companyName" label={t("onboarding:fields.companyName")} error={errors.companyName}>
            <Input
              {...fieldControlProps("companyName", errors.companyName)}
              defaultValue={store.companyName}
              maxLength={255}
            />
          </Field>
          <AddressField saved={store.addressSuggestion} initialStreet={store.street} errors={errors} />
          <ImageUploadField
            kind="logo"
            name="logoKey"
            label={t("onboarding:fields.logo")}
            initialUrl={store.logoUrl}
            square
          />
          <div>
            <SaveButton busy={busy} />
          </div>
        </Form>
      </Card>
    </div>
  );
}
