import { Outlet, useMatches } from "react-router";
import { LandingFooter } from "~/features/landing/components/landing-footer";
import { LandingHeader } from "~/features/landing/components/landing-header";
import { getConfig } from "~/lib/config.server";
import { useSession } from "~/shell/session-context";
import { isStaticPage } from "~/shell/static-page";
import type { Route } from "./+types/layout";

export function loader() {
  const { company, address, taxId, email } = getConfig().operator;
  return { operator: { company, address, taxId, email } };
}

export default function LandingLayout({ loaderData }: Route.ComponentProps) {
  // Decision 0055: on the landing page (HTML shared by all) the session is asked for after mount.
  // On a page that never hydrates (decision 0097) its inline script shows the signed-in links.
  const session = useSession();
  const staticPage = isStaticPage(useMatches());
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <LandingHeader signedIn={staticPage ? "later" : session.status === "ready" && Boolean(session.user)} />
      <main className="flex-1">
        <Outlet />
      </main>
      <LandingFooter operator={loaderData.operator} />
    </div>
  );
}
