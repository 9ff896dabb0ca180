import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { extendTrialSchema, storeActiveSchema } from "~/features/admin/admin-actions.schema";
import {
  ADMIN_PAGE_SIZE,
  PLAN_FILTERS,
  parseStoreFilters,
  STORE_STATES,
} from "~/features/admin/admin-params";
import { extendTrial, listStores, setStoreActive } from "~/features/admin/admin-stores.server";
import { AdminHeader, AdminList, AdminSelectFilter, Cell } from "~/features/admin/components/admin-table";
import { StoreActions } from "~/features/admin/components/store-actions";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { formatDate } from "~/lib/dates";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { parsePage } from "~/lib/pagination";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/stores";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, db } = requireAdmin(context);
  const url = new URL(request.url);
  const filters = parseStoreFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const t = getFixedT(requestLocale(request));
  const { rows, total } = await listStores({ db, adminId: admin.id }, filters, page, ADMIN_PAGE_SIZE);
  return { title: `${t("admin:stores.title")} · Vitrina`, rows, total, page, filters };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, db } = requireAdmin(context);
  const values = formObject(await request.formData());
  const intent = values.intent ?? "";
  const ctx = { db, adminId: admin.id };
  // Back to the same view: only this page's own query string, never a path from the request.
  const back = `/admin/stores${new URL(request.url).search}`;
  return handleAction(
    async () => {
      if (intent === "extend") {
        await extendTrial(ctx, parseForm(extendTrialSchema, values));
        return redirect(back, { headers: flashHeaders("admin:stores.extend.done") });
      }
      if (intent === "deactivate" || intent === "reactivate") {
        const input = parseForm(storeActiveSchema, values);
        await setStoreActive(ctx, { ...input, active: intent === "reactivate" });
        return redirect(back, { headers: flashHeaders(`admin:stores.${intent}.done`) });
      }
      throw new AppError("validation");
    },
    { intent, values },
  );
}

export default function AdminStores({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const locale = i18n.language as Locale;
  const { rows, total, filters } = loaderData;
  const failure = failureOf(actionData);
  return (
    <>
      <AdminHeader title={t("stores.title")} subtitle={t("stores.count", { count: total })} />
      <AdminList
        filterColumns="sm:grid-cols-[1fr_12rem_10rem_auto]"
        search={filters.q}
        filters={
          <>
            <AdminSelectFilter
              list="stores"
              name="state"
              value={filters.state}
              options={STORE_STATES.map((state) => [state, t(`states.${state}`)])}
            />
            <AdminSelectFilter
              list="stores"
              name="plan"
              value={filters.plan}
              options={PLAN_FILTERS.map((plan) => [plan, t(`plans.${plan}`)])}
            />
          </>
        }
        resetTo="/admin/stores"
        filtered={Boolean(filters.q || filters.state || filters.plan)}
        list="stores"
        columns={["store", "owner", "state", "trialEnds", "lastConfirmation", "products", "actions"]}
        data={loaderData}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <Cell>
              <a
                href={`/${row.username}`}
                target="_blank"
                rel="noreferrer"
                className="font-medium hover:underline"
              >
                {row.name}
              </a>
              <p className="text-gray-500 text-xs">/{row.username}</p>
            </Cell>
            <Cell className="wrap-anywhere">
              <Link to={`/admin/users?q=${encodeURIComponent(row.ownerEmail)}`} className="hover:underline">
                {row.ownerEmail}
              </Link>
            </Cell>
            <Cell>
              {t(`states.${row.state}`)}
              {row.plan ? (
                <p className="text-gray-500 text-xs">
                  {t(`plans.${row.plan}`)}
                  {row.paidUntil ? ` · ${formatDate(row.paidUntil, locale)}` : ""}
                </p>
              ) : null}
            </Cell>
            <Cell className="whitespace-nowrap tabular-nums">
              {row.trialEndsAt ? formatDate(row.trialEndsAt, locale) : "—"}
            </Cell>
            <Cell className="whitespace-nowrap tabular-nums">
              {row.lastConfirmation ? formatDate(`${row.lastConfirmation}T12:00:00Z`, locale) : t("never")}
            </Cell>
            <Cell className="tabular-nums">{row.productCount}</Cell>
            <Cell>
              <StoreActions store={row} failure={failure} />
            </Cell>
          </tr>
        ))}
      </AdminList>
    </>
  );
}
