import { redirect } from "react-router";
import { isLocale, localeCookie } from "~/i18n/config";
import { getConfig } from "~/lib/config.server";
import { sameOriginPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/locale";

/** Keeps the chosen language in the `lang` cookie for a year and returns to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  const redirectTo = form.get("redirectTo");
  // Back to the page the switcher was on, on this host; never to another site (no open redirect).
  const target = sameOriginPath(typeof redirectTo === "string" ? redirectTo : null, request.url);
  if (!isLocale(locale)) return redirect(target);
  return redirect(target, { headers: { "Set-Cookie": localeCookie(locale, getConfig().rootDomain) } });
}

export function loader() {
  return redirect("/");
}
