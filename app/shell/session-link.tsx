import { LayoutDashboard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";
import { useSession } from "./session-context";

/**
 * On a shared page (the public store page), a signed-in visitor's way back to their dashboard. It
 * appears after mount, once the browser has asked who is signed in: the page's HTML stays the same
 * for everyone, so it stays cacheable.
 */
export function SessionLink({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const session = useSession();
  if (session.status !== "ready" || !session.user) return null;
  return (
    <a
      href={session.user.onboarded ? "/dashboard/products" : "/onboarding"}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded-md border border-gray-200 bg-white px-2.5 font-medium text-gray-900 text-sm hover:bg-gray-50",
        className,
      )}
    >
      <LayoutDashboard aria-hidden className="size-4" />
      {t("session.dashboard")}
    </a>
  );
}
