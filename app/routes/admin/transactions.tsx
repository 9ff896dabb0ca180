import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/auth/guards.server";
import { AdminHeader, EmptyList } from "~/features/admin/components/admin-table";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import type { Route } from "./+types/transactions";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const t = getFixedT(requestLocale(request));
  return { title: `${t("admin:transactions.title")} · Vitrina` };
}

export default function AdminTransactions() {
  const { t } = useTranslation("admin");
  return (
    <>
      <AdminHeader title={t("transactions.title")} />
      <EmptyList text={t("transactions.intro")} />
    </>
  );
}
