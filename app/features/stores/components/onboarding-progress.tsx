import { useTranslation } from "react-i18next";
import { ONBOARDING_STEPS } from "~/features/stores/store.schema";

/** "Step N of 5" and its bar, at the top of every onboarding step. */
export function OnboardingProgress({ step }: { step: number }) {
  const { t } = useTranslation("onboarding");
  return (
    <>
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
    </>
  );
}
