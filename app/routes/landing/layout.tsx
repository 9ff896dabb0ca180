import { Outlet, useRouteLoaderData } from "react-router";
import { LandingFooter } from "~/features/landing/components/landing-footer";
import { LandingHeader } from "~/features/landing/components/landing-header";
import { getConfig } from "~/lib/config.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/layout";

export function loader() {
  const { company, address, taxId, email } = getConfig().operator;
  return { operator: { company, address, taxId, email } };
}

export default function LandingLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <LandingHeader signedIn={Boolean(root?.user)} />
      <main className="flex-1">
        <Outlet />
      </main>
      <LandingFooter operator={loaderData.operator} />
    </div>
  );
}
