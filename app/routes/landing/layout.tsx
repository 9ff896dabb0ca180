import { useTranslation } from "react-i18next";
import { Link, Outlet, useRouteLoaderData } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { buttonVariants } from "~/components/ui/button";
import type { loader as rootLoader } from "~/root";

export default function LandingLayout() {
  const { t } = useTranslation("landing");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="sticky top-0 z-10 border-gray-100 border-b bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="rounded-md">
            <Logo />
          </Link>
          <nav className="flex items-center gap-2" aria-label={t("nav.label")}>
            <LanguageSwitcher className="hidden sm:flex" />
            {root?.user ? (
              <Link to="/dashboard/products" className={buttonVariants({ size: "sm" })}>
                {t("nav.dashboard")}
              </Link>
            ) : (
              <>
                <Link to="/auth/login" className={buttonVariants({ variant: "ghost", size: "sm" })}>
                  {t("nav.login")}
                </Link>
                <Link
                  to="/auth/register"
                  className={buttonVariants({ size: "sm", className: "hidden sm:inline-flex" })}
                >
                  {t("nav.createWebsite")}
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-gray-100 border-t bg-gray-50">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-gray-500 text-sm sm:flex-row">
          <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
          <LanguageSwitcher className="sm:hidden" />
        </div>
      </footer>
    </div>
  );
}
