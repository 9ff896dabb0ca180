import { Menu } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { SECTION_NAV } from "../landing-content";

const sectionLink =
  "whitespace-nowrap rounded-md px-2 py-2 font-medium text-gray-700 text-sm hover:bg-gray-100 hover:text-gray-900";

/**
 * The landing page's header. Wide screens show every link in one row; below
 * 1340 px (what the Macedonian links need) a native <details> menu holds them, so it opens without JavaScript and fits at 360 px in
 * every language. `account` is the session-aware part (login and create website, or the dashboard).
 * "later": the page never hydrates (decision 0097); both are sent, the dashboard link hidden, and
 * the page's inline script swaps them once it knows the session.
 */
export type HeaderSession = boolean | "later";

export function LandingHeader({ signedIn }: { signedIn: HeaderSession }) {
  const { t } = useTranslation("landing");
  return (
    <header className="sticky top-0 z-20 border-gray-200 border-b bg-white">
      <div className="mx-auto flex h-14 max-w-[90rem] items-center justify-between gap-2 px-4">
        <Link to="/" className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <nav aria-label={t("nav.label")} className="hidden items-center min-[1340px]:flex">
          {SECTION_NAV.map((item) => (
            <a key={item.key} href={item.href} className={sectionLink}>
              {t(`nav.${item.key}`)}
            </a>
          ))}
          <Link to="/demo" className={sectionLink}>
            {t("nav.demoShort")}
          </Link>
        </nav>
        <div className="flex min-w-0 items-center gap-2">
          <LanguageSwitcher className="hidden min-[1340px]:flex" />
          <AccountLinks signedIn={signedIn} />
          <PhoneMenu signedIn={signedIn} />
        </div>
      </div>
    </header>
  );
}

/** Marks an element for the static page's script: shown to signed-in or to signed-out visitors. */
function sessionPart(signedIn: HeaderSession, part: "in" | "out") {
  if (signedIn !== "later") return {};
  return part === "in" ? { "data-signed-in": "", hidden: true } : { "data-signed-out": "" };
}

function AccountLinks({ signedIn }: { signedIn: HeaderSession }) {
  const { t } = useTranslation("landing");
  // Below `sm` it is in the menu instead (beside the logo and the menu it overflowed 390 px in mk).
  const dashboard = (
    <Link
      to="/dashboard/products"
      className={cn(buttonVariants({ size: "sm" }), "hidden sm:inline-flex")}
      {...sessionPart(signedIn, "in")}
    >
      {t("nav.dashboard")}
    </Link>
  );
  if (signedIn === true) return dashboard;
  return (
    <>
      <Link
        to="/auth/login"
        className={buttonVariants({ variant: "ghost", size: "sm" })}
        {...sessionPart(signedIn, "out")}
      >
        {t("nav.login")}
      </Link>
      <Link
        to="/auth/register"
        className={cn(buttonVariants({ size: "sm" }), "hidden sm:inline-flex")}
        {...sessionPart(signedIn, "out")}
      >
        {t("nav.createWebsite")}
      </Link>
      {signedIn === "later" ? dashboard : null}
    </>
  );
}

/**
 * Closes the menu once a link in it is followed, and on Escape: the handlers of a hydrated page;
 * on a static page (decision 0097) its inline script does the same for `details[data-menu]`.
 */
function closeMenu(event: { currentTarget: HTMLElement }) {
  event.currentTarget.closest("details")?.removeAttribute("open");
}

function PhoneMenu({ signedIn }: { signedIn: HeaderSession }) {
  const { t } = useTranslation("landing");
  const item = "block rounded-md px-3 py-2.5 font-medium text-base text-gray-800 hover:bg-gray-100";
  return (
    <details
      data-menu=""
      className="group min-[1340px]:hidden"
      onKeyDown={(event) => {
        if (event.key === "Escape") event.currentTarget.removeAttribute("open");
      }}
    >
      <summary
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        <Menu aria-hidden className="size-4" />
        {t("nav.menu")}
      </summary>
      <nav
        aria-label={t("nav.menu")}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-gray-200 border-b bg-white shadow-lg"
      >
        <ul className="mx-auto grid max-w-7xl gap-0.5 px-4 py-3 sm:grid-cols-2">
          {SECTION_NAV.map((link) => (
            <li key={link.key}>
              <a href={link.href} className={item} onClick={closeMenu}>
                {t(`nav.${link.key}`)}
              </a>
            </li>
          ))}
          <li>
            <Link to="/demo" className={item} onClick={closeMenu}>
              {t("nav.demoShort")}
            </Link>
          </li>
          {signedIn === true ? null : (
            <li className="sm:hidden" {...sessionPart(signedIn, "out")}>
              <Link to="/auth/register" className={item} onClick={closeMenu}>
                {t("nav.createWebsite")}
              </Link>
            </li>
          )}
          {signedIn === false ? null : (
            <li className="sm:hidden" {...sessionPart(signedIn, "in")}>
              <Link to="/dashboard/products" className={item} onClick={closeMenu}>
                {t("nav.dashboard")}
              </Link>
            </li>
          )}
        </ul>
        <div className="mx-auto max-w-7xl px-4 pb-4">
          <LanguageSwitcher className="w-fit" />
        </div>
      </nav>
    </details>
  );
}
