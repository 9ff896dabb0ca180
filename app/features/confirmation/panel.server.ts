import { summarizeAttention } from "~/features/compliance/compliance.server";
import { listPriceCorrectionsDue } from "~/features/reports/report.server";
import { getClock } from "~/lib/clock.server";
import type { StoreContext } from "~/lib/service-context";
import { getTodayConfirmation, listCalendar } from "./confirmation.server";

/**
 * What the top of every dashboard page needs: today's question, the 30-day calendar, due
 * corrections and how many products need attention. `askAnyway`: the owner said yes while products
 * need attention, and is asked to confirm anyway (decision 0027).
 */
export async function getCompliancePanel(ctx: StoreContext, weekendsCount: boolean, askAnyway = false) {
  const now = getClock().now();
  const [today, calendar, corrections, { attention, checked }] = await Promise.all([
    getTodayConfirmation(ctx, now),
    listCalendar(ctx, now),
    listPriceCorrectionsDue(ctx, now),
    summarizeAttention(ctx),
  ]);
  return {
    attention,
    /** How many products the check looked at: with none, the list is not called complete. */
    checked,
    askAnyway: askAnyway && today.ask && attention > 0,
    today: { ...today, answeredAt: today.answeredAt?.toISOString() ?? null },
    calendar: calendar.map((day) => ({ ...day, answeredAt: day.answeredAt?.toISOString() ?? null })),
    corrections: corrections.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      dueAt: item.dueAt.toISOString(),
    })),
    weekendsCount,
  };
}

export type CompliancePanelData = Awaited<ReturnType<typeof getCompliancePanel>>;
