import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { z } from "zod";
import { requireOwnerStore, requireUser } from "~/auth/guards.server";
import { FormAlert } from "~/components/form-alert";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getDb } from "~/db/db.server";
import { addressFromForm } from "~/features/address/address.server";
import { AddressField } from "~/features/address/components/address-field";
import { productSchema } from "~/features/catalog/product.schema";
import { createProduct } from "~/features/catalog/product.server";
import { ImageUploadField } from "~/features/images/components/image-upload-field";
import { PhonePublicCheckbox } from "~/features/stores/components/phone-public-checkbox";
import { UsernameField } from "~/features/stores/components/username-field";
import {
  companyStepSchema,
  ONBOARDING_STEPS,
  phoneStepSchema,
  QUICK_PRODUCT_ROWS,
  storeNameStepSchema,
} from "~/features/stores/store.schema";
import { getStoreByOwner } from "~/features/stores/store.server";
import { addressNotChosen, storeProfileValues, storeSaveFailure } from "~/features/stores/store-form.server";
import {
  finishOnboarding,
  listOnboardingProducts,
  markProductsStepDone,
  onboardingStepOf,
  saveCompanyStep,
  savePhoneStep,
  saveStoreNameStep,
} from "~/features/stores/store-profile.server";
import { getConfig } from "~/lib/config.server";
import { type FieldErrors, fieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { suggestUsername } from "~/lib/slug";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import type { Route } from "./+types/onboarding";

// Spec §2 onboarding in five steps (issue 4): store name → phone → company (address, logo) →
// first products → an image per product. Each step is saved when the owner moves on, so leaving
// and coming back resumes at the step reached with everything entered kept.

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb();
  const store = await getStoreByOwner(db, user.id);
  const reached = onboardingStepOf(store);
  if (reached > ONBOARDING_STEPS) throw redirect(POST_LOGIN_PATH);
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("step"));
  const step = Number.isInteger(asked) && asked >= 1 && asked <= reached ? asked : reached;
  const products =
    store && step === 5
      ? await listOnboardingProducts({ db, storeId: store.id, actor: { userId: user.id } })
      : [];
  const index = Math.min(Math.max(Number(url.searchParams.get("i")) || 0, 0), products.length);
  return {
    title: pageTitle(request, "onboarding:title"),
    rootDomain: getConfig().rootDomain,
    step,
    reached,
    store: store ? storeProfileValues(store) : null,
    products,
    index,
  };
}

const next = (step: number) => redirect(`/onboarding?step=${step}`);

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = formObject(await request.formData());
  const intent = form.intent ?? "";
  try {
    if (intent === "store") {
      const parsed = storeNameStepSchema.safeParse(form);
      if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
      await saveStoreNameStep(getDb(), user.id, parsed.data);
      return next(2);
    }
    const { ctx } = await requireOwnerStore(context);
    if (intent === "phone") {
      const parsed = phoneStepSchema.safeParse(form);
      if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
      await savePhoneStep(ctx, parsed.data);
      return next(3);
    }
    if (intent === "company") {
      const parsed = companyStepSchema.safeParse(form);
      if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
      const address = addressFromForm(parsed.data);
      if (!address) return addressNotChosen();
      await saveCompanyStep(ctx, {
        companyName: parsed.data.companyName,
        address,
        logoKey: parsed.data.logoKey,
      });
      return next(4);
    }
    if (intent === "products") {
      const rows: { name: string; price: string }[] = [];
      const errors: FieldErrors = {};
      for (let i = 0; i < QUICK_PRODUCT_ROWS; i++) {
        const name = (form[`name.${i}`] ?? "").trim();
        const price = (form[`price.${i}`] ?? "").trim();
        if (!name && !price) continue;
        const parsed = productSchema.safeParse({
          name,
          price,
          vatRate: "18",
          unit: "piece",
          availability: "in_stock",
          status: "active",
        });
        if (!parsed.success) {
          for (const [field, message] of Object.entries(fieldErrors(parsed.error)))
            errors[`${field}.${i}`] = message;
        } else rows.push({ name, price });
      }
      if (Object.keys(errors).length > 0) return data({ errors }, { status: 400 });
      for (const row of rows) {
        await createProduct(
          ctx,
          productSchema.parse({
            ...row,
            vatRate: "18",
            unit: "piece",
            availability: "in_stock",
            status: "active",
          }),
        );
      }
      await markProductsStepDone(ctx);
      return next(5);
    }
    if (intent === "skip-products") {
      await markProductsStepDone(ctx);
      return next(5);
    }
    if (intent === "finish") {
      await finishOnboarding(ctx);
      return redirect(POST_LOGIN_PATH);
    }
    return data({ errors: { form: "errors:validation" } as FieldErrors }, { status: 400 });
  } catch (error) {
    return storeSaveFailure(error, "errors:setupFailed");
  }
}

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("onboarding");
  const { step } = loaderData;
  const serverErrors = (actionData as { errors?: FieldErrors } | undefined)?.errors;
  // The step's schema runs in the browser first (the server runs it again): no round trip for a typo.
  const [client, setClient] = useState<{ step: number; errors: FieldErrors } | null>(null);
  const errors: FieldErrors = (client?.step === step ? client.errors : null) ?? serverErrors ?? {};
  const check =
    (schema: z.ZodType) =>
    (event: React.FormEvent<HTMLFormElement>): void => {
      const parsed = schema.safeParse(formObject(new FormData(event.currentTarget)));
      setClient(parsed.success ? null : { step, errors: fieldErrors(parsed.error) });
      if (!parsed.success) event.preventDefault();
    };
  const busy = useNavigation().state !== "idle";

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-gray-50">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className="mx-auto max-w-lg px-4 pt-2 pb-16">
        <Card className="p-5 sm:p-6">
          <h1 className="font-semibold text-gray-900 text-lg">{t("title")}</h1>
          <p className="mt-1 font-medium text-brand-700 text-sm">
            {t("progress", { step, total: ONBOARDING_STEPS })}
          </p>
          <div
            role="progressbar"
            aria-label={t("progressLabel")}
            aria-valuemin={1}
            aria-valuemax={ONBOARDING_STEPS}
            aria-valuenow={step}
            className="mt-2 h-2 overflow-hidden rounded-full bg-gray-100"
          >
            <div
              className="h-full rounded-full bg-brand-600"
              style={{ width: `${(step / ONBOARDING_STEPS) * 100}%` }}
            />
          </div>
          <h2 className="mt-4 font-semibold text-xl">{t(`steps.${step}.title`)}</h2>
          <p className="mt-1 text-gray-600 text-sm">{t(`steps.${step}.subtitle`)}</p>
          <FormAlert message={errors.form} />
          <div className="mt-5">
            {step === 1 ? <StoreStep data={loaderData} errors={errors} busy={busy} check={check} /> : null}
            {step === 2 ? <PhoneStep data={loaderData} errors={errors} busy={busy} check={check} /> : null}
            {step === 3 ? <CompanyStep data={loaderData} errors={errors} busy={busy} check={check} /> : null}
            {step === 4 ? <ProductsStep errors={errors} busy={busy} /> : null}
            {step === 5 ? <ImagesStep data={loaderData} busy={busy} /> : null}
          </div>
        </Card>
      </main>
    </div>
  );
}

type StepProps = {
  data: Route.ComponentProps["loaderData"];
  errors: FieldErrors;
  busy: boolean;
  check: (schema: z.ZodType) => (event: React.FormEvent<HTMLFormElement>) => void;
};

function Actions({ step, busy, label }: { step: number; busy: boolean; label?: string }) {
  const { t } = useTranslation("onboarding");
  return (
    <div className="mt-2 flex items-center justify-between gap-3">
      {step > 1 ? (
        <Link
          to={`/onboarding?step=${step - 1}`}
          className="font-medium text-gray-700 text-sm hover:underline"
        >
          {t("back")}
        </Link>
      ) : (
        <span />
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t("submitting") : (label ?? t("next"))}
      </Button>
    </div>
  );
}

/** Steps 1–3: checked in the browser by the step's schema, posted with its intent, then Back / Next. */
function StepForm({
  step,
  intent,
  schema,
  check,
  busy,
  children,
}: {
  step: number;
  intent: string;
  schema: z.ZodType;
  check: StepProps["check"];
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" noValidate className="flex flex-col gap-4" onSubmit={check(schema)}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Actions step={step} busy={busy} />
    </Form>
  );
}

function StoreStep({ data: loaderData, errors, busy, check }: StepProps) {
  const { t } = useTranslation("onboarding");
  const [storeName, setStoreName] = useState(loaderData.store?.name ?? "");
  const [username, setUsername] = useState(loaderData.store?.username ?? "");
  const [edited, setEdited] = useState(Boolean(loaderData.store));
  return (
    <StepForm step={1} intent="store" schema={storeNameStepSchema} check={check} busy={busy}>
      <Field id="storeName" label={t("fields.storeName")} error={errors.storeName}>
        <Input
          {...fieldControlProps("storeName", errors.storeName)}
          value={storeName}
          onChange={(event) => {
            setStoreName(event.target.value);
            if (!edited) setUsername(suggestUsername(event.target.value));
          }}
          maxLength={100}
          autoComplete="organization"
          required
        />
      </Field>
      <UsernameField
        value={username}
        onChange={(value) => {
          setEdited(true);
          setUsername(value);
        }}
        error={errors.username}
        rootDomain={loaderData.rootDomain}
      />
    </StepForm>
  );
}

function PhoneStep({ data: loaderData, errors, busy, check }: StepProps) {
  const { t } = useTranslation("onboarding");
  return (
    <StepForm step={2} intent="phone" schema={phoneStepSchema} check={check} busy={busy}>
      <Field id="phone" label={t("fields.phone")} error={errors.phone} hint={t("phoneHint")}>
        <Input
          {...fieldControlProps("phone", errors.phone)}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="071 234 567"
          defaultValue={loaderData.store?.phone}
          required
        />
      </Field>
      <PhonePublicCheckbox defaultChecked={loaderData.store?.phone ? loaderData.store.phonePublic : true} />
    </StepForm>
  );
}

function CompanyStep({ data: loaderData, errors, busy, check }: StepProps) {
  const { t } = useTranslation("onboarding");
  return (
    <StepForm step={3} intent="company" schema={companyStepSchema} check={check} busy={busy}>
      <Field id="companyName" label={t("fields.companyName")} error={errors.companyName}>
        <Input
          {...fieldControlProps("companyName", errors.companyName)}
          defaultValue={loaderData.store?.companyName}
          maxLength={255}
          autoComplete="organization"
          required
        />
      </Field>
      <AddressField
        saved={loaderData.store?.addressSuggestion}
        initialStreet={loaderData.store?.street}
        errors={errors}
      />
      <ImageUploadField
        kind="logo"
        name="logoKey"
        label={t("fields.logo")}
        initialUrl={loaderData.store?.logoUrl}
        square
      />
    </StepForm>
  );
}

function ProductsStep({ errors, busy }: { errors: FieldErrors; busy: boolean }) {
  const { t } = useTranslation("onboarding");
  return (
    <Form method="post" noValidate className="flex flex-col gap-3">
      <div className="grid grid-cols-[1fr_6.5rem] gap-2 font-medium text-gray-800 text-sm">
        <span>{t("fields.productName")}</span>
        <span>{t("fields.productPrice")}</span>
      </div>
      {Array.from({ length: QUICK_PRODUCT_ROWS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of rows
        <div key={i} className="grid grid-cols-[1fr_6.5rem] gap-2">
          <div>
            <Input
              name={`name.${i}`}
              aria-label={t("productRowName", { n: i + 1 })}
              aria-invalid={errors[`name.${i}`] ? true : undefined}
              maxLength={255}
            />
            {errors[`name.${i}`] ? <p className="text-red-600 text-xs">{t(errors[`name.${i}`]!)}</p> : null}
          </div>
          <div>
            <Input
              name={`price.${i}`}
              inputMode="decimal"
              aria-label={t("productRowPrice", { n: i + 1 })}
              aria-invalid={errors[`price.${i}`] ? true : undefined}
              placeholder="0,00"
            />
            {errors[`price.${i}`] ? <p className="text-red-600 text-xs">{t(errors[`price.${i}`]!)}</p> : null}
          </div>
        </div>
      ))}
      <p className="text-gray-500 text-xs">{t("productsHint")}</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <Link to="/onboarding?step=3" className="font-medium text-gray-700 text-sm hover:underline">
          {t("back")}
        </Link>
        <div className="flex gap-2">
          <Button type="submit" name="intent" value="skip-products" variant="outline" disabled={busy}>
            {t("skip")}
          </Button>
          <Button type="submit" name="intent" value="products" size="lg" disabled={busy}>
            {busy ? t("submitting") : t("next")}
          </Button>
        </div>
      </div>
    </Form>
  );
}

function ImagesStep({ data: loaderData, busy }: { data: StepProps["data"]; busy: boolean }) {
  const { t } = useTranslation("onboarding");
  const { products, index } = loaderData;
  const current = products[index];
  const last = index >= products.length - 1;
  // "Upload an image or skip" (issue 4): the way on says which of the two it is.
  const [uploadedFor, setUploadedFor] = useState<string | null>(null);
  const hasImage = Boolean(current && (current.imageUrl || uploadedFor === current.id));
  return (
    <div className="flex flex-col gap-4">
      {current ? (
        <>
          <p className="font-medium text-gray-800">
            {t("productXofY", { x: index + 1, y: products.length })}: {current.name}
          </p>
          <ImageUploadField
            key={current.id}
            kind="product"
            productId={current.id}
            label={t("fields.productImage", { name: current.name })}
            initialUrl={current.imageUrl}
            onUploaded={() => setUploadedFor(current.id)}
          />
        </>
      ) : (
        <p className="text-gray-600 text-sm">{t("noProducts")}</p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <Link
          to={index > 0 ? `/onboarding?step=5&i=${index - 1}` : "/onboarding?step=4"}
          className="font-medium text-gray-700 text-sm hover:underline"
        >
          {t("back")}
        </Link>
        {current && !last ? (
          <Link
            to={`/onboarding?step=5&i=${index + 1}`}
            className="inline-flex h-11 items-center rounded-md bg-brand-600 px-5 font-medium text-white hover:bg-brand-700"
          >
            {hasImage ? t("nextProduct") : t("skip")}
          </Link>
        ) : (
          <Form method="post">
            <Button type="submit" name="intent" value="finish" size="lg" disabled={busy}>
              {busy ? t("submitting") : t("finish")}
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
