import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

export function loader({ request }: Route.LoaderArgs) {
  const t = getFixedT(requestLocale(request));
  return { title: t("landing:meta.title"), description: t("landing:meta.description") };
}

const POINTS = ["law", "daily", "mobile", "reports"] as const;

export default function Home() {
  const { t } = useTranslation("landing");
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:py-20 md:grid-cols-2 md:items-center">
        <div>
          <p className="font-medium text-brand-700 text-sm">{t("hero.eyebrow")}</p>
          <h1 className="mt-3 font-bold text-3xl text-gray-900 tracking-tight sm:text-5xl">
            {t("hero.title")}
          </h1>
          <p className="mt-4 text-gray-600 text-lg">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/auth/register" className={buttonVariants({ size: "lg" })}>
              {t("nav.createWebsite")}
            </Link>
            <Link to="/demo" className={buttonVariants({ size: "lg", variant: "outline" })}>
              {t("nav.seeDemo")}
            </Link>
          </div>
          <p className="mt-3 text-gray-500 text-sm">{t("hero.trial")}</p>
        </div>
        <ul className="grid gap-3">
          {POINTS.map((point) => (
            <li key={point} className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
              <div>
                <p className="font-medium text-gray-900">{t(`points.${point}.title`)}</p>
                <p className="text-gray-600 text-sm">{t(`points.${point}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
