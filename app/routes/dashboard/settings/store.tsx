import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { FormAlert } from "~/components/form-alert";
import { Card } from "~/components/ui/card";
import { getDb } from "~/db/db.server";
import { AddressField } from "~/features/address/components/address-field";
import {
  CustomDomainForm,
  DOMAIN_CLAIM_INTENT,
  DOMAIN_INTENTS,
  DOMAIN_REMOVE_INTENT,
} from "~/features/domains/components/custom-domain-form";
import { checkDomain, claimDomain, removeDomain } from "~/features/domains/domain.server";
import { domainDirectory } from "~/features/domains/domain-directory.server";
import { domainSettingsView } from "~/features/domains/domain-settings.server";
import { EMBED_ORIGINS_INTENT, EmbedSettings } from "~/features/embed/components/embed-settings";
import { OwnWebsiteIntro } from "~/features/embed/components/own-website-intro";
import { embedOriginsAction, embedSettingsView } from "~/features/embed/embed-settings.server";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import { setAlbanianContent } from "~/features/product-language/albanian-content.server";
import {
  ALBANIAN_CONTENT_INTENT,
  AlbanianContentForm,
} from "~/features/product-language/components/albanian-content-form";
import { PhonePublicCheckbox } from "~/features/stores/components/phone-public-checkbox";
import { SaveButton } from "~/features/stores/components/save-button";
import {
  CompanyNameField,
  PhoneField,
  StoreNameField,
  TaxNumberField,
} from "~/features/stores/components/store-profile-fields";
import { UsernameField } from "~/features/stores/components/username-field";
import { storeProfileSchema } from "~/features/stores/store.schema";
import { chosenAddress, storeProfileValues } from "~/features/stores/store-form.server";
import { updateStoreProfile } from "~/features/stores/store-profile.server";
import { USERNAME_REDIRECT_DAYS } from "~/features/stores/username-redirect.server";
import { failureOf } from "~/lib/action-result";
import { getClock } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";
import { flashHeaders } from "~/lib/flash.server";
import { type FieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/store";

export const meta: Route.MetaFunction = titleMeta;

/** Settings → store: everything entered in onboarding. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireOwnerStore(context);
  return {
    domain: await domainSettingsView(store.id),
    title: pageTitle(request, "storeSettings:store.title"),
    rootDomain: getConfig().rootDomain,
    redirectDays: USERNAME_REDIRECT_DAYS,
    store: storeProfileValues(store),
    albanianContent: store.albanianContent,
    embed: await embedSettingsView(store),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const values = formObject(await request.formData());
  // The store's own domain (decision 0133): three small forms of their own on this page.
  if (typeof values.intent === "string" && DOMAIN_INTENTS.includes(values.intent)) {
    return domainAction(ctx.storeId, values.intent, values);
  }
  // The websites that may frame the embeddable list (decision 0136), a form of its own.
  if (values.intent === EMBED_ORIGINS_INTENT) return embedOriginsAction(ctx, values);
  // "Products also in Albanian" (decision 0074), a form of its own on this page.
  if (values.intent === ALBANIAN_CONTENT_INTENT) {
    return handleAction(
      async () => {
        await setAlbanianContent(ctx, values.albanianContent === "on");
        return redirect("/dashboard/settings/store", {
          headers: flashHeaders("storeSettings:languages.saved"),
        });
      },
      { intent: ALBANIAN_CONTENT_INTENT, fallback: "storeSaveFailed" },
    );
  }
  return handleAction(
    async () => {
      const input = parseForm(storeProfileSchema, values);
      await updateStoreProfile(ctx, { ...input, address: chosenAddress(input) });
      return redirect("/dashboard/settings/store", { headers: flashHeaders("storeSettings:store.saved") });
    },
    { values, fallback: "storeSaveFailed" },
  );
}

async function domainAction(storeId: string, intent: string, values: Record<string, string>) {
  const config = getConfig();
  const back = "/dashboard/settings/store#domain";
  return handleAction(
    async () => {
      const db = getDb();
      if (intent === DOMAIN_CLAIM_INTENT) {
        await claimDomain(db, storeId, values.domain ?? "", config);
        return redirect(back, { headers: flashHeaders("storeSettings:domain.added") });
      }
      if (intent === DOMAIN_REMOVE_INTENT) {
        await removeDomain(db, storeId);
        await domainDirectory.reload();
        return redirect(back, { headers: flashHeaders("storeSettings:domain.removed") });
      }
      const { found } = await checkDomain(db, storeId, { now: getClock().now() });
      await domainDirectory.reload();
      return redirect(back, {
        headers: found
          ? flashHeaders("storeSettings:domain.found")
          : flashHeaders("storeSettings:domain.missing", "error"),
      });
    },
    { intent, values, fallback: "domainSaveFailed" },
  );
}

export default function StoreSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("storeSettings");
  const { store } = loaderData;
  const domainFailure =
    actionData && !actionData.ok && DOMAIN_INTENTS.includes(actionData.intent ?? "") ? actionData : undefined;
  const embedFailure =
    actionData && !actionData.ok && actionData.intent === EMBED_ORIGINS_INTENT ? actionData : undefined;
  const failure = domainFailure || embedFailure ? undefined : failureOf(actionData);
  const errors: FieldErrors = failure?.errors ?? {};
  // What was typed survives a refused save (the adapter gives it back).
  const typed = failure?.values ?? {};
  const busy = useNavigation().state === "submitting";
  const [username, setUsername] = useState(typed.username ?? store.username);
  return (
    <div>
      <h2 className="font-semibold text-lg">{t("store.title")}</h2>
      <OwnWebsiteIntro />
      <Card className="mt-4 p-5">
        <FormAlert message={errors.form} className="mb-4" />
        <Form method="post" noValidate className="flex flex-col gap-4">
          <StoreNameField error={errors.storeName} defaultValue={typed.storeName ?? store.name} />
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
          <PhoneField error={errors.phone} defaultValue={typed.phone ?? store.phone} />
          <PhonePublicCheckbox defaultChecked={failure ? typed.phonePublic === "on" : store.phonePublic} />
          <CompanyNameField
            error={errors.companyName}
            defaultValue={typed.companyName ?? store.companyName}
          />
          <TaxNumberField error={errors.taxNumber} defaultValue={typed.taxNumber ?? store.taxNumber} />
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
      <AlbanianContentForm enabled={loaderData.albanianContent} />
      <CustomDomainForm
        {...loaderData.domain}
        errors={domainFailure?.errors ?? {}}
        typed={domainFailure?.values?.domain}
      />
      <EmbedSettings {...loaderData.embed} storeName={store.name} failure={embedFailure} />
    </div>
  );
}
