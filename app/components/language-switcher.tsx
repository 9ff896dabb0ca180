import { useLocation } from "react-router";
import { LOCALE_STORAGE_KEY, LOCALES, type Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";
import { cn } from "~/lib/cn";

const LABELS: Record<Locale, string> = { mk: "МК", en: "EN", sq: "SQ" };
const NAMES: Record<Locale, string> = { mk: "Македонски", en: "English", sq: "Shqip" };

/** Works without JavaScript (a form post); with it, the choice is also kept in local storage. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useT();
  const location = useLocation();
  const current = i18n.language as Locale;
  return (
    <form
      method="post"
      action="/api/locale"
      // On a page that never hydrates, its inline script keeps the choice (decision 0097).
      data-locale=""
      className={cn("flex items-center gap-0.5 rounded-md border border-gray-200 bg-white p-0.5", className)}
      aria-label={t("language.label")}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value) window.localStorage.setItem(LOCALE_STORAGE_KEY, submitter.value);
      }}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={locale}
          title={NAMES[locale]}
          aria-pressed={locale === current}
          className={cn(
            "rounded px-2 py-1 font-medium text-xs",
            locale === current ? "bg-brand-700 text-white" : "text-gray-600 hover:bg-gray-100",
          )}
        >
          {/* Named by the language, shown by its code: no aria-label that hides the visible text. */}
          <span aria-hidden="true">{LABELS[locale]}</span>
          <span className="sr-only">{NAMES[locale]}</span>
        </button>
      ))}
    </form>
  );
}
