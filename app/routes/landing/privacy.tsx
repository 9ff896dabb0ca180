import { LegalPage } from "~/features/landing/components/legal-page";
import { getConfig } from "~/lib/config.server";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request }: Route.LoaderArgs) {
  const { company, email } = getConfig().operator;
  return { title: pageTitle(request, "landing:legal.privacy.title"), operator: { company, email } };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage page="privacy" operator={loaderData.operator} />;
}
