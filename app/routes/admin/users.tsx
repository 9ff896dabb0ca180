import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { ADMIN_PAGE_SIZE, parseUserFilters } from "~/features/admin/admin-params";
import { listUsers } from "~/features/admin/admin-users.server";
import { ActAsButton } from "~/features/admin/components/act-as-button";
import { AdminHeader, AdminList, AdminSelectFilter, Cell } from "~/features/admin/components/admin-table";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { formatDateTime } from "~/lib/dates";
import { parsePage } from "~/lib/pagination";
import type { Route } from "./+types/users";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, db } = requireAdmin(context);
  const url = new URL(request.url);
  const filters = parseUserFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const t = getFixedT(requestLocale(request));
  const { rows, total } = await listUsers({ db, adminId: admin.id }, filters, page, ADMIN_PAGE_SIZE);
  return { title: `${t("admin:users.title")} · Vitrina`, rows, total, page, filters, adminId: admin.id };
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const locale = i18n.language as Locale;
  const { rows, total, filters } = loaderData;
  return (
    <>
      <AdminHeader title={t("users.title")} subtitle={t("users.count", { count: total })} />
      <AdminList
        filterColumns="sm:grid-cols-[1fr_12rem_auto]"
        search={filters.q}
        filters={
          <AdminSelectFilter
            list="users"
            name="role"
            value={filters.role}
            options={(["user", "admin"] as const).map((role) => [role, t(`users.roles.${role}`)])}
          />
        }
        resetTo="/admin/users"
        filtered={Boolean(filters.q || filters.role)}
        list="users"
        columns={["user", "methods", "verified", "lastSignIn", "store", "actions"]}
        data={loaderData}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <Cell className="wrap-anywhere">
              <p className="font-medium">{row.email}</p>
              <p className="text-gray-500 text-xs">
                {row.name}
                {row.role === "admin" ? (
                  <span className="ml-2 inline-block whitespace-nowrap rounded bg-gray-900 px-1.5 py-0.5 text-white wrap-normal">
                    {t("users.roles.admin")}
                  </span>
                ) : null}
              </p>
            </Cell>
            <Cell>{row.methods.map((method) => t(`users.methods.${method}`, method)).join(", ") || "—"}</Cell>
            <Cell>{row.emailVerified ? t("yes") : t("no")}</Cell>
            <Cell className="whitespace-nowrap tabular-nums">
              {row.lastSignIn ? formatDateTime(row.lastSignIn, locale) : t("never")}
            </Cell>
            <Cell>
              {row.store ? (
                <Link
                  to={`/admin/stores?q=${encodeURIComponent(row.store.username)}`}
                  className="hover:underline"
                >
                  {row.store.name}
                </Link>
              ) : (
                <span className="text-gray-500">{t("users.noStore")}</span>
              )}
            </Cell>
            <Cell>
              <div className="flex flex-wrap items-center gap-2">
                {row.role !== "admin" && row.emailVerified ? (
                  <ActAsButton userId={row.id} email={row.email} />
                ) : null}
                <Link
                  to={`/admin/audit-logs?user=${row.id}`}
                  className="text-brand-700 text-sm hover:underline"
                >
                  {t("users.auditLink")}
                </Link>
              </div>
            </Cell>
          </tr>
        ))}
      </AdminList>
    </>
  );
}
