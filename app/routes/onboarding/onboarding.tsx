import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useNavigation } from "react-router";
import type { z } from "zod";
import { ownerContext, requireOwner } from "~/auth/guards.server";
import { FormAlert } from "~/components/form-alert";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { Card } from "~/components/ui/card";
import { productSuggestions } from "~/features/library/library-page.server";
import { ImagesStep } from "~/features/stores/components/onboarding-images-step";
import { OnboardingProgress } from "~/features/stores/components/onboarding-progress";
import {
  CompanyStep,
  PhoneStep,
  type StepCheck,
  StoreStep,
} from "~/features/stores/components/onboarding-steps";
import { QuickProductsStep } from "~/features/stores/components/quick-products-step";
import {
  countOnboardingProducts,
  finishOnboarding,
  missingOnboardingStep,
  onboardingProductAt,
  onboardingStepOf,
  saveCompanyStep,
  savePhoneStep,
  saveQuickProducts,
  saveStoreNameStep,
  skipQuickProducts,
} from "~/features/stores/onboarding.server";
import { quickProductsFromForm } from "~/features/stores/quick-products";
import {
  companyStepSchema,
  ONBOARDING_STEPS,
  phoneStepSchema,
  storeNameStepSchema,
} from "~/features/stores/store.schema";
import { chosenAddress, storeProfileValues } from "~/features/stores/store-form.server";
import { type FieldErrors, failureOf } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { getConfig } from "~/lib/config.server";
import { fieldErrors, formObject } from "~/lib/form";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import { POST_LOGIN_PATH } from "~/navigation/rules";
import type { Route } from "./+types/onboarding";

// Onboarding in five steps (decision 0014); the rules live in features/stores/onboarding.server.ts.

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, store } = await requireOwner(context);
  const reached = onboardingStepOf(store);
  if (reached > ONBOARDING_STEPS) throw redirect(POST_LOGIN_PATH);
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("step"));
  const step = Number.isInteger(asked) && asked >= 1 && asked <= reached ? asked : reached;
  const at = Number(url.searchParams.get("i")) || 0;
  const imagesStep =
    store && step === 5
      ? await onboardingProductAt(ownerContext(user, store), at)
      : { total: 0, index: 0, product: null };
  // Products already in the store at step 4 (imported from here): the way on is their images.
  const existingProducts = store && step === 4 ? await countOnboardingProducts(ownerContext(user, store)) : 0;
  // The library's best images for this product come first, then the upload.
  const current = imagesStep.product;
  const suggestions = store && current ? await productSuggestions(ownerContext(user, store), current.id) : [];
  return {
    title: pageTitle(request, "onboarding:title"),
    rootDomain: getConfig().rootDomain,
    step,
    store: store ? storeProfileValues(store) : null,
    product: current,
    total: imagesStep.total,
    index: imagesStep.index,
    suggestions,
    existingProducts,
    // The first required step not saved: where a refused finish sends the owner.
    missingStep: store ? missingOnboardingStep(store) : 1,
  };
}

const next = (step: number) => redirect(`/onboarding?step=${step}`);

export async function action({ request, context }: Route.ActionArgs) {
  const { user, db, store } = await requireOwner(context);
  const values = formObject(await request.formData());
  const intent = values.intent ?? "";
  return handleAction(
    async () => {
      if (intent === "store") {
        await saveStoreNameStep(db, user.id, parseForm(storeNameStepSchema, values));
        return next(2);
      }
      // Every later step belongs to the store step 1 created.
      if (!store) return next(1);
      const ctx = ownerContext(user, store);
      switch (intent) {
        case "phone":
          await savePhoneStep(ctx, parseForm(phoneStepSchema, values));
          return next(3);
        case "company": {
          const { companyName, taxNumber, logoKey, ...address } = parseForm(companyStepSchema, values);
          await saveCompanyStep(ctx, { companyName, taxNumber, logoKey, address: chosenAddress(address) });
          return next(4);
        }
        case "products": {
          const { products, errors } = quickProductsFromForm(values);
          if (Object.keys(errors).length > 0) throw new AppError("validation", { fields: errors });
          await saveQuickProducts(ctx, products);
          return next(5);
        }
        case "skip-products":
          await skipQuickProducts(ctx);
          return next(5);
        case "finish":
          await finishOnboarding(ctx);
          return redirect(POST_LOGIN_PATH);
        default:
          throw new AppError("validation");
      }
    },
    { intent, values, fallback: "setupFailed" },
  );
}

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("onboarding");
  const { step, store, rootDomain } = loaderData;
  const failure = failureOf(actionData);
  // The step's schema runs in the browser first (the server runs it again): no round trip for a typo.
  const [client, setClient] = useState<{ step: number; errors: FieldErrors } | null>(null);
  const errors: FieldErrors = (client?.step === step ? client.errors : null) ?? failure?.errors ?? {};
  const check: StepCheck = (schema: z.ZodType) => (event) => {
    const parsed = schema.safeParse(formObject(new FormData(event.currentTarget)));
    setClient(parsed.success ? null : { step, errors: fieldErrors(parsed.error) });
    if (!parsed.success) event.preventDefault();
  };
  const busy = useNavigation().state !== "idle";
  const steps = { store, rootDomain, errors, busy, check };

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-gray-50">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className="mx-auto max-w-lg px-4 pt-2 pb-16">
        <Card className="p-5 sm:p-6">
          <h1 className="font-semibold text-gray-900 text-lg">{t("title")}</h1>
          <OnboardingProgress step={step} />
          <h2 className="mt-4 font-semibold text-xl">{t(`steps.${step}.title`)}</h2>
          <p className="mt-1 text-gray-600 text-sm">{t(`steps.${step}.subtitle`)}</p>
          <FormAlert message={errors.form} />
          {errors.form === "errors:onboardingIncomplete" && loaderData.missingStep ? (
            <Link
              to={`/onboarding?step=${loaderData.missingStep}`}
              className="mt-2 inline-block font-medium text-brand-700 text-sm underline"
            >
              {t("goToMissingStep", { step: loaderData.missingStep })}
            </Link>
          ) : null}
          <div className="mt-5">
            {step === 1 ? <StoreStep {...steps} /> : null}
            {step === 2 ? <PhoneStep {...steps} /> : null}
            {step === 3 ? <CompanyStep {...steps} /> : null}
            {step === 4 ? (
              <QuickProductsStep
                errors={errors}
                values={failure?.values ?? {}}
                busy={busy}
                existingProducts={loaderData.existingProducts}
              />
            ) : null}
            {step === 5 ? (
              <ImagesStep
                product={loaderData.product}
                index={loaderData.index}
                total={loaderData.total}
                suggestions={loaderData.suggestions}
                busy={busy}
              />
            ) : null}
          </div>
        </Card>
      </main>
    </div>
  );
}
