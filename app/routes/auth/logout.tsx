import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { titleMeta } from "~/lib/page-title";
import { pageTitle } from "~/lib/page-title.server";
import type { Route } from "./+types/logout";

// Signing out is a POST (the dashboard's "Log out" button posts here). A GET only
// shows a button, so a link or an image on another site cannot sign an owner out.

export const meta: Route.MetaFunction = titleMeta;

export function loader({ request }: Route.LoaderArgs) {
  return { title: pageTitle(request, "auth:logout.title") };
}

export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // Already signed out: nothing to revoke.
  }
  return redirect("/", { headers });
}

export default function Logout() {
  const { t } = useTranslation("auth");
  return (
    <main className="flex min-h-dvh items-start justify-center bg-gray-50 px-4 pt-16">
      <Card className="w-full max-w-sm p-6">
        <h1 className="font-semibold text-2xl">{t("logout.title")}</h1>
        <p className="mt-2 text-gray-600 text-sm">{t("logout.body")}</p>
        <Form method="post" className="mt-5 flex flex-col gap-3">
          <Button type="submit">{t("logout.submit")}</Button>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to="/dashboard" className="text-gray-600 hover:underline">
            {t("logout.back")}
          </Link>
        </p>
      </Card>
    </main>
  );
}
