import { CalendarClock, Clock3, PlayCircle, Scale } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { SECTION_IDS } from "../landing-content";

/** The law in one sentence, the deadline, the fines, "ready in 3–4 minutes" and the free month. */
export function HeroSection() {
  const { t } = useTranslation("landing");
  const facts = [
    { key: "deadline", icon: CalendarClock },
    { key: "fines", icon: Scale },
    { key: "ready", icon: Clock3 },
  ] as const;
  return (
    <section
      id={SECTION_IDS.home}
      aria-labelledby="hero-title"
      className="scroll-mt-16 bg-gradient-to-b from-brand-50 to-white"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div className="min-w-0">
          <p className="font-medium text-brand-800 text-sm">{t("hero.eyebrow")}</p>
          <h1
            id="hero-title"
            className="mt-3 text-balance font-bold text-3xl text-gray-900 tracking-tight sm:text-5xl"
          >
            {t("hero.title")}
          </h1>
          <p className="mt-4 text-gray-700 text-lg">{t("hero.law")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to="/auth/register" className={buttonVariants({ size: "lg" })}>
              {t("nav.createWebsite")}
            </Link>
            <Link to="/demo" className={buttonVariants({ size: "lg", variant: "outline" })}>
              {t("nav.seeDemo")}
            </Link>
            <a href={`#${SECTION_IDS.video}`} className={buttonVariants({ size: "lg", variant: "ghost" })}>
              <PlayCircle aria-hidden className="size-5" />
              {t("nav.watchVideo")}
            </a>
          </div>
          <p className="mt-3 font-medium text-gray-700 text-sm">{t("hero.trial")}</p>
        </div>
        <ul className="grid gap-3">
          {facts.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-700" />
              <p className="flex min-w-0 flex-col">
                <strong className="font-semibold text-gray-900 text-xl">{t(`hero.${key}`)}</strong>
                <span className="text-gray-600 text-sm">{t(`hero.${key}Text`)}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
