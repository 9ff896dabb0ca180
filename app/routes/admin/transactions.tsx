import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ADMIN_PAGE_SIZE } from "~/features/admin/admin-params";
import {
  adminCancelPayment,
  adminMarkPaid,
  parseTransactionFilters,
  transactionActionSchema,
} from "~/features/admin/admin-transactions.server";
import { AdminHeader, AdminList, AdminSelectFilter, Cell } from "~/features/admin/components/admin-table";
import { listTransactions, PAYMENT_STATUSES } from "~/features/billing/transactions.queries.server";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { formatDate } from "~/lib/dates";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { formatMoney } from "~/lib/money";
import { parsePage } from "~/lib/pagination";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/transactions";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireAdmin(context);
  const url = new URL(request.url);
  const filters = parseTransactionFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const t = getFixedT(requestLocale(request));
  const { rows, total } = await listTransactions({
    db,
    filter: { ...(filters.status && { status: filters.status }), ...(filters.q && { query: filters.q }) },
    page: { page, pageSize: ADMIN_PAGE_SIZE },
  });
  // The statuses come with the data: billing's list lives in a server module.
  return {
    title: `${t("admin:transactions.title")} · Vitrina`,
    rows,
    total,
    page,
    filters,
    statuses: PAYMENT_STATUSES,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, db } = requireAdmin(context);
  const values = formObject(await request.formData());
  const intent = values.intent ?? "";
  const ctx = { db, adminId: admin.id };
  // Back to the same view: only this page's own query string.
  const back = `/admin/transactions${new URL(request.url).search}`;
  return handleAction(
    async () => {
      const input = parseForm(transactionActionSchema, values);
      if (intent === "paid") {
        await adminMarkPaid(ctx, input);
        return redirect(back, { headers: flashHeaders("admin:transactions.paidDone") });
      }
      if (intent === "cancel") {
        await adminCancelPayment(ctx, input);
        return redirect(back, { headers: flashHeaders("admin:transactions.cancelledDone") });
      }
      throw new AppError("validation");
    },
    { intent, values, flashFailureTo: back },
  );
}

const _SELECT = "h-10 rounded-md border border-gray-300 bg-white px-2 text-sm";

export default function AdminTransactions({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(["admin", "billing"]);
  const locale = i18n.language as Locale;
  const { rows, total, filters, statuses } = loaderData;
  const failure = failureOf(actionData);
  return (
    <>
      <AdminHeader
        title={t("admin:transactions.title")}
        subtitle={t("admin:transactions.count", { count: total })}
      />
      <AdminList
        filterColumns="sm:grid-cols-[1fr_12rem_auto]"
        search={filters.q}
        filters={
          <AdminSelectFilter
            list="transactions"
            name="status"
            value={filters.status}
            options={statuses.map((status) => [status, t(`billing:paymentStatus.${status}`)])}
          />
        }
        resetTo="/admin/transactions"
        filtered={Boolean(filters.q || filters.status)}
        notice={
          failure?.errors.form ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-700 text-sm">
              {t(failure.errors.form)}
            </p>
          ) : null
        }
        list="transactions"
        columns={["reference", "store", "plan", "amount", "status", "created", "actions"]}
        data={loaderData}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <Cell className="whitespace-nowrap font-medium tabular-nums">{row.reference}</Cell>
            <Cell>
              <Link
                to={`/admin/stores?q=${encodeURIComponent(row.username)}`}
                className="font-medium hover:underline"
              >
                {row.storeName}
              </Link>
              <p className="text-gray-500 text-xs">/{row.username}</p>
            </Cell>
            <Cell>
              {t(`billing:plans.${row.plan}.name`)}
              <p className="text-gray-500 text-xs">{t(`billing:methods.${row.method}.name`)}</p>
            </Cell>
            <Cell className="whitespace-nowrap tabular-nums">{formatMoney(row.amountCents, locale)}</Cell>
            <Cell>
              {t(`billing:paymentStatus.${row.status}`)}
              {row.paidUntil ? (
                <p className="text-gray-500 text-xs">
                  {t("admin:transactions.paidUntil", { date: formatDate(row.paidUntil, locale) })}
                </p>
              ) : null}
            </Cell>
            <Cell className="whitespace-nowrap tabular-nums">
              {formatDate(row.createdAt, locale)}
              <p className="text-gray-500 text-xs">
                {t("admin:transactions.columns.due")}: {formatDate(row.dueAt, locale)}
              </p>
            </Cell>
            <Cell>
              <div className="flex w-64 flex-col gap-2">
                <a
                  href={`/admin/transactions/${row.id}/invoice`}
                  download
                  aria-label={t("admin:transactions.invoiceLabel", { reference: row.reference })}
                  className="text-brand-700 text-sm hover:underline"
                >
                  {t("admin:transactions.invoice")}
                </a>
                {row.status === "pending" ? <PendingActions id={row.id} reference={row.reference} /> : null}
              </div>
            </Cell>
          </tr>
        ))}
      </AdminList>
    </>
  );
}

/** Mark paid or cancel a pending payment, with an optional note for the audit log. */
function PendingActions({ id, reference }: { id: string; reference: string }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="paymentId" value={id} />
      <label htmlFor={`note-${id}`} className="sr-only">
        {t("transactions.note")}
      </label>
      <Input id={`note-${id}`} name="note" maxLength={500} placeholder={t("transactions.note")} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          name="intent"
          value="paid"
          size="sm"
          aria-label={t("transactions.markPaidLabel", { reference })}
        >
          {t("transactions.markPaid")}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="cancel"
          size="sm"
          variant="outline"
          aria-label={t("transactions.cancelLabel", { reference })}
        >
          {t("transactions.cancel")}
        </Button>
      </div>
    </Form>
  );
}
