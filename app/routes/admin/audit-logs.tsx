import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/auth/guards.server";
import { CompactField } from "~/components/filter-panel";
import { Input } from "~/components/ui/input";
import { AUDIT_ACTIONS } from "~/db/schema/account-security";
import { listAuditLogs } from "~/features/admin/admin-audit.server";
import { ADMIN_PAGE_SIZE, parseAuditFilters } from "~/features/admin/admin-params";
import { AdminHeader, AdminList, AdminSelectFilter, Cell } from "~/features/admin/components/admin-table";
import { AuditDetails } from "~/features/admin/components/audit-details";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { formatDateTime } from "~/lib/dates";
import { parsePage } from "~/lib/pagination";
import type { Route } from "./+types/audit-logs";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, db } = requireAdmin(context);
  const url = new URL(request.url);
  const filters = parseAuditFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const t = getFixedT(requestLocale(request));
  const { rows, total } = await listAuditLogs({ db, adminId: admin.id }, filters, page, ADMIN_PAGE_SIZE);
  return { title: `${t("admin:audit.title")} · Vitrina`, rows, total, page, filters };
}

const _SELECT = "h-10 rounded-md border border-gray-300 bg-white px-2 text-sm";

export default function AdminAuditLogs({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const locale = i18n.language as Locale;
  const { rows, total, filters } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <AdminHeader title={t("audit.title")} subtitle={t("audit.count", { count: total })} />
      <AdminList
        filterColumns="sm:grid-cols-2 lg:grid-cols-[1fr_14rem_10rem_10rem_auto]"
        filters={
          <>
            <CompactField id="audit-user" label={t("audit.filters.user")}>
              <Input
                id="audit-user"
                name="user"
                defaultValue={filters.user}
                placeholder={t("audit.filters.userPlaceholder")}
              />
            </CompactField>
            <AdminSelectFilter
              list="audit"
              name="action"
              label={t("audit.filters.action")}
              className=""
              value={filters.action}
              options={AUDIT_ACTIONS.map((action) => [action, t(`audit.actions.${action}`)])}
            />
            <CompactField id="audit-from" label={t("audit.filters.from")}>
              <Input id="audit-from" name="from" type="date" defaultValue={filters.from} />
            </CompactField>
            <CompactField id="audit-to" label={t("audit.filters.to")}>
              <Input id="audit-to" name="to" type="date" defaultValue={filters.to} />
            </CompactField>
          </>
        }
        resetTo="/admin/audit-logs"
        filtered={filtered}
        list="audit"
        columns={["date", "action", "user", "onBehalfOf", "details"]}
        data={loaderData}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <Cell className="whitespace-nowrap tabular-nums">{formatDateTime(row.createdAt, locale)}</Cell>
            <Cell>{t(`audit.actions.${row.action}`, row.action)}</Cell>
            <Cell className="wrap-anywhere">{row.userEmail ?? row.email ?? "—"}</Cell>
            <Cell className="wrap-anywhere">{row.onBehalfOfEmail ?? "—"}</Cell>
            <Cell>
              <AuditDetails details={row.details} method={row.method} />
            </Cell>
          </tr>
        ))}
      </AdminList>
    </>
  );
}
