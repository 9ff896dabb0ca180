import { LogOut } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, Outlet, redirect, useLocation } from "react-router";
import { toast } from "sonner";
import { requireOwnerStore } from "~/auth/guards.server";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { getBillingBanner } from "~/features/billing/billing.server";
import { stateView } from "~/features/billing/billing-view";
import { BillingBanner } from "~/features/billing/components/billing-banner";
import { CompliancePanel } from "~/features/confirmation/components/compliance-panel";
import { getCompliancePanel } from "~/features/confirmation/panel.server";
import { useServiceWorker } from "~/features/push/use-service-worker";
import { DashboardMenu } from "~/features/stores/components/dashboard-menu";
import { OnboardingFrame } from "~/features/stores/components/onboarding-frame";
import { missingOnboardingStep } from "~/features/stores/onboarding.server";
import { getClock } from "~/lib/clock.server";
import { type FlashKind, readFlash } from "~/lib/flash.server";
import type { Route } from "./+types/layout";

/** Decision 0131: the dashboard installs as an app; the public store pages link none of this. */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/dashboard/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/dashboard/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store, user, ctx } = await requireOwnerStore(context);
  const { flash, headers } = readFlash(request);
  // The import and the image library, opened from onboarding before it is finished (decision 0124),
  // render in onboarding's frame: its way back, and no menu of pages that are not open yet.
  if (store.onboardingStep !== null) {
    const missing = missingOnboardingStep(store);
    if (missing !== null) throw redirect(`/onboarding?step=${missing}`);
    return data(
      {
        onboarding: { step: store.onboardingStep },
        store: null,
        email: user.email,
        flash,
        compliance: null,
        billing: null,
      },
      { headers },
    );
  }
  const askAnyway = new URL(request.url).searchParams.get("confirm") === "anyway";
  const compliance = await getCompliancePanel(ctx, store.weekendsCount, askAnyway);
  const billing = await getBillingBanner(ctx, getClock().now());
  return data(
    {
      onboarding: null,
      store: { name: store.name, username: store.username },
      email: user.email,
      flash,
      compliance,
      billing: billing && { ...stateView(billing), inactive: billing.inactive },
    },
    { headers },
  );
}

/** A flash as the toast of its kind: a failure is never shown as a green success. */
export function showFlash(kind: FlashKind, text: string) {
  if (kind === "error") toast.error(text);
  else if (kind === "info") toast.info(text);
  else toast.success(text);
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { onboarding, store, email, flash, compliance, billing } = loaderData;
  const location = useLocation();
  useEffect(() => {
    if (flash) showFlash(flash.kind, t(flash.message));
  }, [flash, t]);
  useServiceWorker();
  if (onboarding || !store || !compliance)
    return (
      <OnboardingFrame step={onboarding?.step ?? 4}>
        <Outlet />
      </OnboardingFrame>
    );
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr]">
      <meta name="theme-color" content="#ffffff" />
      <aside className="border-gray-200 border-b bg-white md:sticky md:top-0 md:flex md:h-dvh md:flex-col md:border-r md:border-b-0">
        <div className="flex items-center justify-between gap-2 px-4 py-3">
          <Link to="/dashboard/products" className="rounded-md">
            <Logo />
          </Link>
          <LanguageSwitcher className="md:hidden" />
        </div>
        {/* On a phone every entry is on screen: a grid of label tabs (icons from sm up), never a strip that
            hides the last ones off-screen. */}
        <DashboardMenu username={store.username} />
        <div className="mt-auto hidden flex-col gap-3 border-gray-200 border-t p-4 md:flex">
          <div className="min-w-0">
            <p className="truncate font-medium text-sm">{store.name}</p>
            <p className="truncate text-gray-500 text-xs">{email}</p>
          </div>
          <LanguageSwitcher className="self-start" />
          <Form method="post" action="/auth/logout">
            <button
              type="submit"
              className="flex items-center gap-2 font-medium text-gray-600 text-sm hover:text-gray-900"
            >
              <LogOut aria-hidden className="size-4" />
              {t("menu.logout")}
            </button>
          </Form>
        </div>
      </aside>
      <div className="min-w-0">
        <main>
          <BillingBanner banner={billing} />
          <CompliancePanel panel={compliance} compact={location.pathname !== "/dashboard/products"} />
          <Outlet />
        </main>
        <Form method="post" action="/auth/logout" className="px-4 pb-8 md:hidden">
          <button type="submit" className="flex items-center gap-2 font-medium text-gray-600 text-sm">
            <LogOut aria-hidden className="size-4" />
            {t("menu.logout")}
          </button>
        </Form>
      </div>
    </div>
  );
}
