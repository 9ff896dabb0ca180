import { Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { DeleteButton } from "~/components/delete-button";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { Locale } from "~/i18n/config";
import { cn } from "~/lib/cn";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { PromotionState } from "../promotion-constants";

export type PromotionListRow = {
  id: string;
  name: string;
  type: string;
  discountType: string;
  discountValue: number;
  startsOn: string;
  endsOn: string;
  active: boolean;
  state: PromotionState;
  productCount: number;
  started: boolean;
  canActivate: boolean;
  deactivatedOn: string | null;
};

const STATE_STYLE: Record<PromotionState, string> = {
  active: "bg-brand-50 text-brand-800",
  scheduled: "bg-blue-50 text-blue-800",
  ended: "bg-gray-100 text-gray-700",
  inactive: "bg-amber-50 text-amber-900",
  empty: "bg-red-50 text-red-800",
};

/** "10 %" or "50,00 ден." of a promotion's discount (value in hundredths). */
export function discountLabel(row: { discountType: string; discountValue: number }, locale: Locale) {
  if (row.discountType === "percentage") {
    const whole = row.discountValue % 100 === 0;
    const value = whole ? String(row.discountValue / 100) : (row.discountValue / 100).toFixed(2);
    return `${locale === "en" ? value : value.replace(".", ",")} %`;
  }
  return formatMoney(row.discountValue, locale);
}

/** The promotions as cards: one column on a phone (where owners work), the same card on a desktop. */
export function PromotionList({ rows }: { rows: PromotionListRow[] }) {
  const { t, i18n } = useTranslation("promotions");
  const locale = i18n.language as Locale;
  return (
    <ul className="mt-4 flex flex-col gap-3">
      {rows.map((row) => (
        <li key={row.id}>
          <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="break-words font-medium">{row.name}</h2>
                <span className={cn("rounded-full px-2 py-0.5 font-medium text-xs", STATE_STYLE[row.state])}>
                  {t(`states.${row.state}`)}
                </span>
              </div>
              <p className="text-gray-700 text-sm">
                {t(`types.${row.type}`)} · {discountLabel(row, locale)} ·{" "}
                {t("dates", { from: formatDay(row.startsOn, locale), to: formatDay(row.endsOn, locale) })} ·{" "}
                {t("productCount", { count: row.productCount })}
              </p>
              {row.deactivatedOn ? (
                <p className="mt-1 text-gray-700 text-sm">
                  {t("endedEarly", { date: formatDay(row.deactivatedOn, locale) })}
                </p>
              ) : null}
              {row.state === "empty" ? (
                <p className="mt-1 text-red-800 text-sm">
                  {t("emptyHint")}{" "}
                  <Link to={`/dashboard/promotions/${row.id}`} className="font-medium underline">
                    {t("emptyAdd")}
                  </Link>
                </p>
              ) : null}
            </div>
            <div className="flex shrink-0 items-center gap-1">
              {row.active || row.canActivate ? (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    // Deactivating one that has started ends it for good (decision 0093): ask first.
                    const question = t("deactivateConfirmStarted", { name: row.name });
                    if (row.active && row.started && !window.confirm(question)) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value={row.active ? "deactivate" : "activate"} />
                  <input type="hidden" name="promotionId" value={row.id} />
                  <Button type="submit" variant="outline" size="sm">
                    {t(row.active ? "deactivate" : "activate")}
                  </Button>
                </Form>
              ) : null}
              {row.deactivatedOn ? null : (
                <Link
                  to={`/dashboard/promotions/${row.id}`}
                  className="rounded-md p-2 text-gray-700 hover:bg-gray-100"
                  aria-label={`${t("edit")}: ${row.name}`}
                >
                  <Pencil aria-hidden className="size-4" />
                </Link>
              )}
              <DeleteButton
                idName="promotionId"
                id={row.id}
                label={`${t("delete")}: ${row.name}`}
                question={t(row.started ? "deleteConfirmStarted" : "deleteConfirm", { name: row.name })}
              />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
