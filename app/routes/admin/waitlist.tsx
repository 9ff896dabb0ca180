import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { ADMIN_PAGE_SIZE, parseWaitlistFilters } from "~/features/admin/admin-params";
import { AdminHeader, AdminList, Cell } from "~/features/admin/components/admin-table";
import { listWaitlist } from "~/features/waitlist/waitlist.server";
import type { Locale } from "~/i18n/config";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { formatDateTime } from "~/lib/dates";
import { parsePage } from "~/lib/pagination";
import type { Route } from "./+types/waitlist";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireAdmin(context);
  const url = new URL(request.url);
  const filters = parseWaitlistFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const t = getFixedT(requestLocale(request));
  const { rows, total } = await listWaitlist(db, filters, page, ADMIN_PAGE_SIZE);
  return { title: `${t("admin:waitlist.title")} · Vitrina`, rows, total, page, filters };
}

const COLUMNS = ["email", "name", "storeName", "interest", "city", "phone", "locale", "createdAt"] as const;

export default function AdminWaitlist({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const locale = i18n.language as Locale;
  const location = useLocation();
  const { rows, total, filters } = loaderData;
  return (
    <>
      <AdminHeader title={t("waitlist.title")} subtitle={t("waitlist.count", { count: total })}>
        {total > 0 ? (
          <a
            href={`/admin/waitlist/export${location.search}`}
            download
            className="inline-flex h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-4 font-medium text-sm hover:bg-gray-50"
          >
            <Download aria-hidden className="size-4" />
            {t("waitlist.export")}
          </a>
        ) : null}
      </AdminHeader>
      <AdminList
        filterColumns="sm:grid-cols-[1fr_auto]"
        search={filters.q}
        resetTo="/admin/waitlist"
        filtered={Boolean(filters.q)}
        empty={filters.q ? t("waitlist.noMatches") : t("waitlist.empty")}
        list="waitlist"
        columns={COLUMNS}
        data={loaderData}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <Cell className="wrap-anywhere font-medium">{row.email}</Cell>
            <Cell className="wrap-anywhere">{row.name ?? "—"}</Cell>
            <Cell className="wrap-anywhere">{row.storeName ?? "—"}</Cell>
            <Cell>{row.interest ? t(`waitlist.interests.${row.interest}`, row.interest) : "—"}</Cell>
            <Cell>{row.city ?? "—"}</Cell>
            <Cell className="whitespace-nowrap">{row.phone ?? "—"}</Cell>
            <Cell className="uppercase">{row.locale}</Cell>
            <Cell className="whitespace-nowrap tabular-nums">{formatDateTime(row.createdAt, locale)}</Cell>
          </tr>
        ))}
      </AdminList>
    </>
  );
}
