import {
  BadgePercent,
  CreditCard,
  ExternalLink,
  Flag,
  FolderTree,
  Globe,
  History,
  Images,
  LibraryBig,
  Newspaper,
  Package,
  Settings,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { OWN_WEBSITE_ID } from "~/features/embed/components/own-website-intro";
import { cn } from "~/lib/cn";

// The dashboard menu; an entry appears once its page exists.
const MENU = [
  { to: "/dashboard/products", key: "products", icon: Package },
  { to: "/dashboard/categories", key: "categories", icon: FolderTree },
  { to: "/dashboard/promotions", key: "promotions", icon: BadgePercent },
  { to: "/dashboard/activity", key: "activity", icon: History },
  { to: "/dashboard/image-gallery", key: "imageGallery", icon: LibraryBig },
  { to: "/dashboard/r2-images", key: "myImages", icon: Images },
  { to: "/dashboard/posts", key: "posts", icon: Newspaper },
  { to: "/dashboard/reports", key: "reports", icon: Flag },
  { to: "/dashboard/settings/billing", key: "billing", icon: CreditCard },
  { to: "/dashboard/settings", key: "settings", icon: Settings },
] as const;

/** A menu entry: a small tab with the icon over the label on a phone, a row from md up. */
const TAB =
  "flex min-w-0 flex-col items-center gap-0.5 rounded-md px-1 py-1.5 text-center font-medium text-xs leading-tight md:flex-row md:gap-2 md:px-3 md:py-2 md:text-left md:text-sm";

/** On a phone the twelve entries are labels only, so the menu stays three short rows above the page. */
const MENU_ICON = "hidden size-4 shrink-0 sm:block";

/** The dashboard's menu: its pages, the public page, and the ways to the shop's own website. */
export function DashboardMenu({ username }: { username: string }) {
  const { t } = useTranslation("dashboard");
  const location = useLocation();
  return (
    <nav
      aria-label={t("menu.label")}
      className="grid grid-cols-4 gap-1 px-2 pb-2 sm:grid-cols-6 md:flex md:flex-col md:px-3"
    >
      {MENU.map(({ to, key, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            cn(
              TAB,
              // Billing is a settings tab with its own menu entry: only that entry is marked there.
              isActive && !(key === "settings" && location.pathname.startsWith("/dashboard/settings/billing"))
                ? "bg-brand-50 text-brand-800"
                : "text-gray-700 hover:bg-gray-100",
            )
          }
        >
          <Icon aria-hidden className={MENU_ICON} />
          {t(`menu.${key}`)}
        </NavLink>
      ))}
      <a
        href={`/${username}`}
        target="_blank"
        rel="noreferrer"
        className={cn(TAB, "text-gray-700 hover:bg-gray-100")}
      >
        <ExternalLink aria-hidden className={MENU_ICON} />
        {t("menu.publicPage")}
      </a>
      {/* Beside the public page: the two ways to show it on the shop's own website (decision 0136).
          With it the entries fill three rows of four on a phone and two of six from sm up. */}
      <Link
        to={`/dashboard/settings/store#${OWN_WEBSITE_ID}`}
        className={cn(TAB, "text-gray-700 hover:bg-gray-100")}
      >
        <Globe aria-hidden className={MENU_ICON} />
        {t("menu.ownWebsite")}
      </Link>
    </nav>
  );
}
