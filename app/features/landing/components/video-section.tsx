import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LOCALES } from "~/i18n/config";
import { SECTION_IDS } from "../landing-content";
import mp4 from "../media/walkthrough.mp4?url";
import webm from "../media/walkthrough.webm?url";
import poster from "../media/walkthrough-poster.webp?url";

/**
 * Written by `npm run video:walkthrough` (scripts/record-walkthrough.ts): the video and its poster
 * into ../media/, imported so the build names them by their content and they are cached for a year
 * like the scripts (Lighthouse: the poster was cached one hour); the captions into public/landing/.
 */
export const WALKTHROUGH = {
  webm,
  mp4,
  poster,
  captions: (locale: string) => `/landing/walkthrough.${locale}.vtt`,
  width: 360,
  height: 780,
} as const;

const LANGUAGE_NAMES = { mk: "Македонски", en: "English", sq: "Shqip" } as const;

/**
 * The walk-through: served by Vitrina itself (no third-party player), captioned in every language,
 * never autoplayed, loaded only when played (preload="none"); width and height reserve its box.
 */
export function VideoSection() {
  const { t, i18n } = useTranslation("landing");
  return (
    <section id={SECTION_IDS.video} aria-labelledby="video-title" className="scroll-mt-16 py-14 sm:py-20">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-[1fr_auto] md:items-center">
        <div>
          <h2 id="video-title" className="font-bold text-2xl text-gray-900 tracking-tight sm:text-3xl">
            {t("video.title")}
          </h2>
          <p className="mt-3 max-w-xl text-gray-600 text-lg">{t("video.intro")}</p>
        </div>
        {/* biome-ignore lint/a11y/useMediaCaption: the caption tracks come from the map below, one per language. */}
        <video
          controls
          playsInline
          preload="none"
          poster={WALKTHROUGH.poster}
          width={WALKTHROUGH.width}
          height={WALKTHROUGH.height}
          aria-label={t("video.title")}
          className="mx-auto h-auto w-full max-w-[300px] rounded-2xl border border-gray-200 bg-gray-100 shadow-lg"
        >
          <source src={WALKTHROUGH.webm} type="video/webm" />
          <source src={WALKTHROUGH.mp4} type="video/mp4" />
          {LOCALES.map((locale) => (
            <track
              key={locale}
              kind="captions"
              src={WALKTHROUGH.captions(locale)}
              srcLang={locale}
              label={LANGUAGE_NAMES[locale]}
              default={locale === i18n.language}
            />
          ))}
          <Link to="/demo">{t("video.unsupported")}</Link>
        </video>
      </div>
    </section>
  );
}
