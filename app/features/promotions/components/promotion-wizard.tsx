import { type MouseEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigation } from "react-router";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { Locale } from "~/i18n/config";
import type { ActionFailure } from "~/lib/action-result";
import { cn } from "~/lib/cn";
import { promotionDetailsSchemaFor, type StartRule } from "../promotion.schema";
import { WizardDetailsStep } from "./wizard-details";
import { type WizardProductRow, WizardProductsStep } from "./wizard-products";
import { WizardReviewStep } from "./wizard-review";
import {
  customPriceProblem,
  type RestoredWizard,
  WIZARD_STEPS as STEPS,
  type WizardDetails,
  type WizardSelection,
  type WizardStep,
} from "./wizard-state";

export type WizardInitial = { details: WizardDetails; selection: WizardSelection; name: string | null };

/** A step button's click with JavaScript: the page moves itself instead of posting. */
const instead = (work: () => void) => (event: MouseEvent) => {
  event.preventDefault();
  work();
};

/**
 * The promotion wizard (decision 0039): Details → Products (the selection confirmed first) →
 * Review, then one post of everything. A product in another active promotion is moved only after
 * the owner confirms, since a product is in at most one active promotion; the server checks every
 * rule again.
 *
 * Everything is one form, and every step button is a submit (`step`): without JavaScript each
 * step is posted and the action answers the next step (`restored`, decision 0065); with it, the
 * buttons' clicks move between steps here and only the save is posted.
 */
export function PromotionWizard({
  products,
  categories,
  initial,
  restored,
  promotionId,
  failure,
  startRule,
}: {
  products: WizardProductRow[];
  categories: { id: string; name: string }[];
  initial: WizardInitial;
  /** The state a step's post (or a failed save) answered, when the page is drawn from it. */
  restored: RestoredWizard | null;
  promotionId: string | null;
  failure: ActionFailure | undefined;
  /** Today (the server's day) and the kept first day of a promotion that has run (decision 0094). */
  startRule: StartRule;
}) {
  const { t, i18n } = useTranslation("promotions");
  const locale = i18n.language as Locale;
  const [step, setStep] = useState<WizardStep>(restored?.step ?? "details");
  const [details, setDetails] = useState(restored?.details ?? initial.details);
  const [selection, setSelection] = useState(restored?.selection ?? initial.selection);
  const [query, setQuery] = useState(restored?.query ?? "");
  const [categoryId, setCategoryId] = useState(restored?.categoryId ?? "");
  const [errors, setErrors] = useState<Record<string, string>>(restored?.errors ?? {});
  const [stepError, setStepError] = useState<{ key: string; values?: Record<string, string> } | null>(null);
  const busy = useNavigation().state === "submitting";
  const prior = useFetcher<{ priorPrices: Record<string, number> }>();
  const ids = useMemo(() => Object.keys(selection).sort(), [selection]);
  const ownNames = initial.name ? [initial.name] : [];
  const moveAsked = failure?.errors.form === "errors:promotionMoveConfirm";
  // The failure whose move question was answered "cancel": a new answer asks again.
  const [dismissed, setDismissed] = useState<ActionFailure | undefined>();
  // Field errors of the details step are shown beside their fields, not again on top.
  const failureShown = failure && !moveAsked && !(restored?.step === "details" && step === "details");

  const toProducts = () => {
    const parsed = promotionDetailsSchemaFor(startRule).safeParse(details);
    if (parsed.success) {
      setErrors({});
      setStep("products");
      return;
    }
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
  };

  const confirmSelection = () => {
    if (ids.length === 0) return setStepError({ key: "errors:promotionProductsRequired" });
    for (const id of ids) {
      const product = products.find((p) => p.id === id);
      const problem = product && customPriceProblem(product, selection[id] ?? "", locale);
      if (problem) return setStepError({ key: problem.key, values: problem.values });
    }
    setStepError(null);
    setStep("review");
    const query = new URLSearchParams({ prior: details.startsOn, ids: ids.join(",") });
    if (promotionId) query.set("promotion", promotionId);
    prior.load(`/dashboard/promotions/prior-prices?${query}`);
  };

  const index = STEPS.indexOf(step);
  const back = STEPS[index - 1];
  const priorPrices = prior.data?.priorPrices ?? (step === restored?.step ? restored.priorPrices : null);

  return (
    <Form method="post" id="promotion-save" noValidate className="flex flex-col gap-4">
      <ol
        className="grid grid-cols-3 gap-2"
        aria-label={t("steps.progress", { step: index + 1, name: t(`steps.${step}`) })}
      >
        {STEPS.map((name, i) => (
          <li
            key={name}
            aria-current={i === index ? "step" : undefined}
            className={cn(
              "rounded-md border-b-4 px-2 py-1 text-center font-medium text-sm",
              i <= index ? "border-brand-600 text-brand-800" : "border-gray-200 text-gray-500",
            )}
          >
            {i + 1}. {t(`steps.${name}`)}
          </li>
        ))}
      </ol>
      <h2 className="font-semibold text-lg">{t(`steps.${step}`)}</h2>
      <FormAlert
        message={failureShown ? (failure.errors.form ?? Object.values(failure.errors)[0]) : undefined}
        values={failure?.params}
        className="mt-0"
      />
      <FormAlert message={stepError?.key} values={stepError?.values} className="mt-0" />

      {/* The state of the steps not shown travels with every post. */}
      {step !== "details"
        ? Object.entries(details).map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))
        : null}
      {step !== "products" ? (
        <>
          <input type="hidden" name="q" value={query} />
          <input type="hidden" name="category" value={categoryId} />
          {ids.map((id) => (
            <span key={id} hidden>
              <input type="hidden" name="product" value={id} />
              <input type="hidden" name={`custom:${id}`} value={selection[id] ?? ""} />
            </span>
          ))}
        </>
      ) : null}

      {step === "details" ? (
        <WizardDetailsStep details={details} errors={errors} onChange={setDetails} startRule={startRule} />
      ) : null}
      {step === "products" ? (
        <WizardProductsStep
          products={products}
          categories={categories}
          selection={selection}
          ownNames={ownNames}
          query={query}
          categoryId={categoryId}
          onFilter={(next) => {
            setQuery(next.query);
            setCategoryId(next.categoryId);
          }}
          onChange={(next) => {
            setSelection(next);
            setStepError(null);
          }}
        />
      ) : null}
      {step === "review" ? (
        <WizardReviewStep
          products={products}
          details={details}
          selection={selection}
          priorPrices={priorPrices}
        />
      ) : null}

      {moveAsked && dismissed !== failure ? (
        <Card
          role="alertdialog"
          aria-labelledby="move-title"
          aria-describedby="move-text"
          className="border-amber-300 bg-amber-50 p-4"
        >
          <h3 id="move-title" className="font-semibold">
            {t("move.title")}
          </h3>
          <p id="move-text" className="mt-1 text-sm">
            {t("errors:promotionMoveConfirm", failure?.params)}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" name="move" value="1" disabled={busy}>
              {t("move.confirm")}
            </Button>
            <Button
              type="submit"
              name="step"
              value="products"
              variant="outline"
              onClick={instead(() => setDismissed(failure))}
            >
              {t("move.cancel")}
            </Button>
          </div>
        </Card>
      ) : null}

      {/* Sticky on a phone, so "next" is always under the thumb. */}
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-between gap-2 border-gray-200 border-t bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
        {back ? (
          <Button
            type="submit"
            name="step"
            value={back}
            variant="outline"
            onClick={instead(() => setStep(back))}
          >
            {t("back")}
          </Button>
        ) : (
          <span />
        )}
        {step === "details" ? (
          <Button type="submit" name="step" value="products" onClick={instead(toProducts)}>
            {t("next")}
          </Button>
        ) : null}
        {step === "products" ? (
          <Button type="submit" name="step" value="review" onClick={instead(confirmSelection)}>
            {t("confirmSelection", { count: ids.length })}
          </Button>
        ) : null}
        {step === "review" ? (
          <Button type="submit" disabled={busy}>
            {t("save")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
