import { Home, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { buttonVariants } from "~/components/ui/button";

export type ErrorKind = "notFound" | "server" | "chunk";

/**
 * The 404, 500 and "could not load" pages, in the landing page's frame (its header and footer
 * style), for every part of the site: the landing, the dashboard and the public store pages.
 * Plain links, not client navigation: after an error the app's state is not trusted.
 */
export function ErrorPage({ kind, path }: { kind: ErrorKind; path: string }) {
  const { t } = useTranslation("errors");
  const heading =
    kind === "notFound"
      ? t("pageNotFound", { path })
      : kind === "chunk"
        ? t("chunkFailed")
        : t("serverError");
  const hint =
    kind === "notFound"
      ? t("pageNotFoundHint")
      : kind === "chunk"
        ? t("chunkFailedHint")
        : t("serverErrorHint");
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      {/* No route's meta runs for an error page: React puts this title in the head (WCAG 2.4.2). */}
      <title>{`${heading} · ${t("common:appName")}`}</title>
      <header className="border-gray-100 border-b bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <a href="/" className="rounded-md">
            <Logo />
          </a>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-16 text-center">
        <p className="font-bold text-6xl text-brand-600 tracking-tight" aria-hidden>
          {kind === "notFound" ? 404 : kind === "chunk" ? "⟳" : 500}
        </p>
        <h1 className="mt-4 max-w-xl font-semibold text-2xl text-gray-900 wrap-anywhere">{heading}</h1>
        <p className="mt-3 max-w-xl text-gray-600">{hint}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {kind === "notFound" ? null : (
            // The same address, loaded again from the server.
            <a href={path} className={buttonVariants({ size: "lg" })}>
              <RefreshCw aria-hidden className="size-4" />
              {t("reloadPage")}
            </a>
          )}
          <a
            href="/"
            className={buttonVariants({ size: "lg", variant: kind === "notFound" ? "default" : "outline" })}
          >
            <Home aria-hidden className="size-4" />
            {t("backHome")}
          </a>
        </div>
      </main>
      <footer className="border-gray-100 border-t bg-gray-50">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-gray-500 text-sm sm:text-left">
          © {new Date().getFullYear()} {t("common:appName")}
        </p>
      </footer>
    </div>
  );
}
