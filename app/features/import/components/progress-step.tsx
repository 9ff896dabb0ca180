import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";

type Props = { status: "queued" | "running"; done: number; total: number; elapsedMs: number };

/**
 * Step 5: the job runs on the server; this page only asks how far it is, once a second. Closing the
 * tab changes nothing, and coming back shows the same job.
 */
export function ProgressStep({ status, done, total, elapsedMs }: Props) {
  const { t } = useTranslation("import");
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [revalidator]);
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const secondsLeft = done > 0 ? Math.max(1, Math.round(((total - done) * elapsedMs) / done / 1000)) : null;
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <p className="font-medium">{status === "queued" ? t("progress.queued") : t("progress.running")}</p>
      <div
        role="progressbar"
        aria-label={t("progress.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-gray-700 text-sm">
        {t("progress.rows", { done: done.toLocaleString("de-DE"), total: total.toLocaleString("de-DE") })}
        {secondsLeft !== null ? ` · ${t("progress.left", { seconds: secondsLeft })}` : ""}
      </p>
      <p className="text-gray-600 text-sm">{t("progress.leaveHint")}</p>
    </div>
  );
}
