import {
  ClipboardList,
  CreditCard,
  History,
  Images,
  LayoutDashboard,
  LogOut,
  Store,
  Users,
} from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, NavLink, Outlet } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { showFlash } from "~/features/admin/components/show-flash";
import { cn } from "~/lib/cn";
import { readFlash } from "~/lib/flash.server";
import type { Route } from "./+types/layout";

// The admin area (decision 0044). Desktop-first; on a phone the menu is a grid of tabs and
// each list's table scrolls sideways.
const MENU = [
  { to: "/admin", key: "overview", icon: LayoutDashboard, end: true },
  { to: "/admin/stores", key: "stores", icon: Store, end: false },
  { to: "/admin/users", key: "users", icon: Users, end: false },
  { to: "/admin/transactions", key: "transactions", icon: CreditCard, end: false },
  { to: "/admin/waitlist", key: "waitlist", icon: ClipboardList, end: false },
  { to: "/admin/library", key: "library", icon: Images, end: false },
  { to: "/admin/audit-logs", key: "auditLogs", icon: History, end: false },
] as const;

const TAB =
  "flex min-w-0 flex-col items-center gap-0.5 rounded-md px-1 py-1.5 text-center font-medium text-xs leading-tight md:flex-row md:gap-2 md:px-3 md:py-2 md:text-left md:text-sm";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireAdmin(context);
  const { flash, headers } = readFlash(request);
  return data({ email: admin.email, flash }, { headers });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { email, flash } = loaderData;
  useEffect(() => {
    if (flash) showFlash(flash.kind, t(flash.message));
  }, [flash, t]);
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr]">
      <aside className="border-gray-200 border-b bg-white md:sticky md:top-0 md:flex md:h-dvh md:flex-col md:border-r md:border-b-0">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Link to="/admin" className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 rounded-md">
            <Logo />
            <span className="rounded bg-gray-900 px-1.5 py-0.5 font-semibold text-white text-xs">
              {t("title")}
            </span>
          </Link>
          <LanguageSwitcher className="md:hidden" />
        </div>
        <nav
          aria-label={t("menu.label")}
          className="grid grid-cols-3 gap-1 px-2 pb-2 sm:grid-cols-7 md:flex md:flex-col md:px-3"
        >
          {MENU.map(({ to, key, icon: Icon, end }) => (
            <NavLink
              key={to}
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(TAB, isActive ? "bg-brand-50 text-brand-800" : "text-gray-700 hover:bg-gray-100")
              }
            >
              <Icon aria-hidden className="size-4 shrink-0" />
              {t(`menu.${key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="mt-auto hidden flex-col gap-3 border-gray-200 border-t p-4 md:flex">
          <p className="truncate text-gray-500 text-xs">{email}</p>
          <LanguageSwitcher className="self-start" />
          <LogoutButton label={t("menu.logout")} />
        </div>
      </aside>
      <div className="min-w-0">
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
          <Outlet />
        </main>
        <div className="px-4 pb-8 md:hidden">
          <LogoutButton label={t("menu.logout")} />
        </div>
      </div>
    </div>
  );
}

function LogoutButton({ label }: { label: string }) {
  return (
    <Form method="post" action="/auth/logout">
      <button
        type="submit"
        className="flex items-center gap-2 font-medium text-gray-600 text-sm hover:text-gray-900"
      >
        <LogOut aria-hidden className="size-4" />
        {label}
      </button>
    </Form>
  );
}
