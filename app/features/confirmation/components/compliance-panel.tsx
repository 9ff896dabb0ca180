import { AlertTriangle, CalendarCheck, CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { AttentionCount, ConfirmAnyway } from "~/features/compliance/components/attention-notice";
import type { CompliancePanelData } from "~/features/confirmation/panel.server";
import type { Locale } from "~/i18n/config";
import { cn } from "~/lib/cn";
import { formatDate, formatDateTime, formatTime } from "~/lib/dates";

const STATE_STYLE: Record<string, string> = {
  confirmed: "bg-brand-600 text-white",
  // Decision 0028: confirmed after the 10:00 deadline has its own colour, never the on-time green.
  late: "bg-orange-500 text-gray-900",
  skipped: "bg-amber-400 text-gray-900",
  missed: "bg-red-600 text-white",
  pending: "border-2 border-brand-500 bg-white text-gray-900",
  open: "border-2 border-red-500 bg-white text-gray-900",
  off: "bg-gray-100 text-gray-600",
  none: "bg-gray-50 text-gray-600",
};

/** The top of every dashboard page: "Are today's prices correct?" until answered (PRODUCT.md). */
/** With `compact` (every page but the products list) the 30-day calendar is left out. */
export function CompliancePanel({
  panel,
  compact = false,
}: {
  panel: CompliancePanelData;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation("compliance");
  const locale = i18n.language as Locale;
  const { today } = panel;
  return (
    // Tighter on a phone, so the page's own content starts on the first screen.
    <div className="flex flex-col gap-2 px-4 pt-3 md:gap-3 md:px-6 md:pt-4">
      {panel.askAnyway ? (
        <ConfirmAnyway count={panel.attention} />
      ) : today.ask ? (
        <section
          aria-labelledby="confirm-question"
          className={cn(
            "rounded-xl border p-3 md:p-4",
            today.status === "missed" ? "border-red-300 bg-red-50" : "border-brand-300 bg-brand-50",
          )}
        >
          <h2 id="confirm-question" className="font-semibold text-base text-gray-900 md:text-lg">
            {t("prompt.question")}
          </h2>
          <p className="mt-1 text-gray-700 text-sm">
            {today.status === "skipped"
              ? t("prompt.skippedHint")
              : today.status === "missed"
                ? t("prompt.missedHint")
                : today.openedAfterDeadline
                  ? t("prompt.openedAfterDeadlineHint")
                  : t("prompt.hint")}
          </p>
          <Form method="post" action="/dashboard/confirmation" className="mt-2 flex flex-wrap gap-2 md:mt-3">
            <Button type="submit" name="answer" value="yes">
              <CheckCircle2 aria-hidden className="size-4" />
              {t("prompt.yes")}
            </Button>
            {today.status === null ? (
              <Button type="submit" name="answer" value="no" variant="outline">
                {t("prompt.no")}
              </Button>
            ) : null}
          </Form>
        </section>
      ) : today.status === "confirmed" && today.answeredAt ? (
        <div role="status" className="flex flex-col gap-1 text-sm">
          <p
            className={cn(
              "flex items-center gap-2 font-medium",
              today.late ? "text-orange-800" : "text-brand-800",
            )}
          >
            {today.late ? (
              <AlertTriangle aria-hidden className="size-4" />
            ) : (
              <CheckCircle2 aria-hidden className="size-4" />
            )}
            {t("prompt.confirmedAt", { time: formatTime(today.answeredAt) })}
          </p>
          {today.late ? <p className="text-orange-800">{t("prompt.confirmedLate")}</p> : null}
        </div>
      ) : null}

      {panel.askAnyway ? null : <AttentionCount count={panel.attention} checked={panel.checked} />}

      {panel.corrections.length > 0 ? (
        <section
          aria-labelledby="corrections-title"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 md:p-4"
        >
          <h2 id="corrections-title" className="flex items-start gap-2 font-semibold text-amber-900">
            <AlertTriangle aria-hidden className="mt-1 size-4 shrink-0" />
            {t("corrections.title")}
          </h2>
          <ul className="mt-2 flex flex-col gap-1 text-amber-900 text-sm">
            {panel.corrections.map((item) => (
              <li key={item.id}>
                {item.productId ? (
                  <Link to={`/dashboard/products/${item.productId}`} className="underline wrap-anywhere">
                    {t("corrections.item", {
                      product: item.productName,
                      time: formatDateTime(item.dueAt, locale),
                    })}
                  </Link>
                ) : (
                  t("corrections.item", {
                    product: item.productName,
                    time: formatDateTime(item.dueAt, locale),
                  })
                )}
              </li>
            ))}
          </ul>
          <Link
            to="/dashboard/reports"
            className="mt-2 inline-block font-medium text-amber-900 text-sm underline"
          >
            {t("corrections.open")}
          </Link>
        </section>
      ) : null}

      {compact ? null : (
        // On a phone one line without a frame: the products start on the first screen.
        <details className="max-md:py-1 md:rounded-xl md:border md:border-gray-200 md:bg-white md:px-4 md:py-4">
          <summary className="flex cursor-pointer items-center gap-2 font-medium text-gray-900 text-sm">
            <CalendarCheck aria-hidden className="size-4" />
            {t("calendar.title")}
          </summary>
          <ol
            aria-label={t("calendar.title")}
            className="mt-3 grid max-w-lg grid-cols-7 gap-1.5 sm:grid-cols-10"
          >
            {panel.calendar.map((day) => {
              const state = day.late ? "late" : day.state;
              const label = `${formatDate(`${day.day}T12:00:00Z`, locale)}: ${t(`calendar.states.${state}`)}${
                day.answeredAt && day.state === "confirmed" ? ` ${formatTime(day.answeredAt)}` : ""
              }`;
              return (
                <li
                  key={day.day}
                  title={label}
                  data-day={day.day}
                  data-state={state}
                  className={cn(
                    "flex aspect-square items-center justify-center rounded-md font-medium text-xs tabular-nums",
                    STATE_STYLE[state],
                  )}
                >
                  <span aria-hidden>{Number(day.day.slice(8))}</span>
                  <span className="sr-only">{label}</span>
                </li>
              );
            })}
          </ol>
          <ul className="mt-3 flex flex-wrap gap-3 text-gray-600 text-xs">
            {(["confirmed", "late", "skipped", "missed", "off"] as const).map((state) => (
              <li key={state} className="flex items-center gap-1.5">
                <span aria-hidden className={cn("inline-block size-3 rounded-sm", STATE_STYLE[state])} />
                {t(`calendar.states.${state}`)}
              </li>
            ))}
          </ul>
          <Form
            method="post"
            action="/dashboard/confirmation"
            className="mt-3 flex flex-wrap items-center gap-3"
          >
            <input type="hidden" name="intent" value="weekends" />
            <label className="flex items-center gap-2 text-gray-700 text-sm">
              <input
                type="checkbox"
                name="weekendsCount"
                defaultChecked={panel.weekendsCount}
                className="size-4 accent-brand-600"
              />
              {t("calendar.weekends")}
            </label>
            <Button type="submit" size="sm" variant="outline">
              {t("calendar.save")}
            </Button>
          </Form>
        </details>
      )}
    </div>
  );
}
