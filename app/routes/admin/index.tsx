import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { Card } from "~/components/ui/card";
import { getAdminOverview } from "~/features/admin/admin-overview.server";
import { STORE_STATES } from "~/features/admin/admin-params";
import { AdminHeader } from "~/features/admin/components/admin-table";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import type { Route } from "./+types/index";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, db } = requireAdmin(context);
  const t = getFixedT(requestLocale(request));
  const overview = await getAdminOverview({ db, adminId: admin.id });
  return { title: `${t("admin:overview.title")} · Vitrina`, overview };
}

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { overview } = loaderData;
  const tiles = [
    { key: "trialsEndingThisWeek", value: overview.trialsEndingThisWeek, to: "/admin/stores?state=trial" },
    { key: "confirmationsMissedToday", value: overview.confirmationsMissedToday, to: "/admin/stores" },
    {
      key: "pendingTransactions",
      value: overview.pendingTransactions,
      to: "/admin/transactions?status=pending",
    },
    { key: "newSignUpsThisWeek", value: overview.newSignUpsThisWeek, to: "/admin/users" },
  ] as const;
  return (
    <>
      <AdminHeader title={t("overview.title")} subtitle={t("overview.intro")} />
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.to} className="block h-full rounded-xl focus-visible:outline-2">
              <Card className="h-full p-4 hover:border-brand-300">
                <p className="text-gray-600 text-sm">{t(`overview.${tile.key}`)}</p>
                <p className="mt-1 font-semibold text-3xl tabular-nums">{tile.value}</p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mt-8 font-semibold text-lg">{t("overview.storesByState")}</h2>
      <p className="text-gray-600 text-sm">
        {t("overview.storesTotal")}: <span className="tabular-nums">{overview.storesTotal}</span>
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {STORE_STATES.map((state) => (
          <li key={state}>
            <Link to={`/admin/stores?state=${state}`} className="block rounded-xl focus-visible:outline-2">
              <Card className="p-4 hover:border-brand-300">
                <p className="text-gray-600 text-sm">{t(`states.${state}`)}</p>
                <p className="mt-1 font-semibold text-2xl tabular-nums">{overview.storesByState[state]}</p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
