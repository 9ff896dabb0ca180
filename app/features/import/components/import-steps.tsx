import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";

export const WIZARD_STEPS = ["upload", "map", "preview", "images", "progress"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The wizard's five steps, the current one marked for screen readers too. */
export function ImportSteps({ current }: { current: WizardStep }) {
  const { t } = useTranslation("import");
  const at = WIZARD_STEPS.indexOf(current);
  return (
    <ol className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t("steps.label")}>
      {WIZARD_STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={index === at ? "step" : undefined}
          className={cn(
            "flex items-center gap-1.5",
            index === at ? "font-semibold text-brand-700" : index < at ? "text-gray-700" : "text-gray-500",
          )}
        >
          <span
            aria-hidden
            className={cn(
              "flex size-5 items-center justify-center rounded-full border text-xs",
              index <= at ? "border-brand-600 bg-brand-600 text-white" : "border-gray-300",
            )}
          >
            {index + 1}
          </span>
          {t(`steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}
