import { redirect } from "react-router";
import { isLocale, localeCookie } from "~/i18n/config";
import { getConfig } from "~/lib/config.server";
import type { Route } from "./+types/locale";

/** Keeps the chosen language in the `lang` cookie for a year and returns to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  const target = String(form.get("redirectTo") ?? "/");
  const safeTarget = target.startsWith("/") && !target.startsWith("//") ? target : "/";
  if (!isLocale(locale)) return redirect(safeTarget);
  return redirect(safeTarget, { headers: { "Set-Cookie": localeCookie(locale, getConfig().rootDomain) } });
}

export function loader() {
  return redirect("/");
}
