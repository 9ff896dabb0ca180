import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { cn } from "~/lib/cn";

// The settings tabs (/dashboard/settings, …/billing, …/open-hours, …). Add a tab here when
// its page exists; `end` marks the index tab.
export const SETTINGS_TABS = [
  { to: "/dashboard/settings", key: "account", end: true },
  { to: "/dashboard/settings/store", key: "store", end: false },
  { to: "/dashboard/settings/points-of-sale", key: "pointsOfSale", end: false },
  { to: "/dashboard/settings/open-hours", key: "openHours", end: false },
  { to: "/dashboard/settings/billing", key: "billing", end: false },
  { to: "/dashboard/settings/api", key: "api", end: false },
  { to: "/dashboard/settings/notifications", key: "notifications", end: false },
] as const;

export default function SettingsLayout() {
  const { t } = useTranslation("account");
  const tabs = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the strip scrolls sideways: the open tab is brought into it, never left off-screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: again each time another tab opens.
  useEffect(() => {
    const strip = tabs.current;
    const open = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !open) return;
    const start = open.offsetLeft - strip.offsetLeft;
    if (start < strip.scrollLeft || start + open.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = start - (strip.clientWidth - open.offsetWidth) / 2;
    }
  }, [pathname]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl">{t("settings.title")}</h1>
      <nav
        ref={tabs}
        aria-label={t("settings.tabsLabel")}
        className="mt-4 flex gap-1 overflow-x-auto border-gray-200 border-b"
      >
        {SETTINGS_TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              cn(
                "-mb-px shrink-0 border-b-2 px-2.5 py-2 font-medium text-sm",
                isActive
                  ? "border-brand-600 text-brand-800"
                  : "border-transparent text-gray-600 hover:text-gray-900",
              )
            }
          >
            {t(`settings.tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
