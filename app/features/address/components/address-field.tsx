import { MapPin } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";
import type { Locale } from "~/i18n/config";
import type { ActionResult } from "~/lib/action-result";
import { type SignedSuggestion, suggestionLabel } from "../address";

type Answer = { suggestions: SignedSuggestion[]; error: string | null };
type Body = ActionResult<{ suggestions: SignedSuggestion[] }>;

/**
 * Settlement chosen from suggestions (a combobox), then street and number. The chosen
 * suggestion travels in a hidden field as the signed JSON the server checks; typing after a
 * choice clears it, so a typed-over place cannot pass as chosen.
 */
export function AddressField({
  saved,
  initialStreet,
  errors,
  label,
}: {
  /** The place field's label; the company's address by default (a point of sale's on its form). */
  label?: string;
  /** The saved place, signed again by the loader so that saving it unchanged passes. */
  saved?: SignedSuggestion | null;
  initialStreet?: string;
  errors: { addressSuggestion?: string; street?: string };
}) {
  const { t, i18n } = useTranslation("onboarding");
  const locale = i18n.language as Locale;
  const listId = useId();
  const [query, setQuery] = useState(saved ? suggestionLabel(saved, locale) : "");
  const [chosen, setChosen] = useState(saved ? JSON.stringify(saved) : "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [answer, setAnswer] = useState<Answer>({ suggestions: [], error: null });

  useEffect(() => {
    if (chosen || query.trim().length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/address-suggestions?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => response.json() as Promise<Body>)
        .then((body) => {
          setAnswer(
            body.ok
              ? { suggestions: body.suggestions, error: null }
              : { suggestions: [], error: body.errors.form ?? "errors:addressLookupFailed" },
          );
          setActive(0);
          setOpen(true);
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== "AbortError")
            setAnswer({ suggestions: [], error: "errors:addressLookupFailed" });
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, chosen]);

  const choose = (suggestion: SignedSuggestion) => {
    setChosen(JSON.stringify(suggestion));
    setQuery(suggestionLabel(suggestion, locale));
    setOpen(false);
  };
  const error = errors.addressSuggestion ?? (answer.error || undefined);
  const showList = open && !chosen && answer.suggestions.length > 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="relative flex flex-col gap-1.5">
        <label htmlFor="addressPlace" className="font-medium text-gray-800 text-sm">
          {label ?? t("fields.address")}
        </label>
        <div className="relative">
          <MapPin aria-hidden className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-gray-400" />
          <Input
            id="addressPlace"
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "addressPlace-error" : "addressPlace-hint"}
            autoComplete="off"
            className="pl-9"
            value={query}
            placeholder={t("addressPlaceholder")}
            onChange={(event) => {
              setQuery(event.target.value);
              setChosen("");
            }}
            onKeyDown={(event) => {
              if (!showList) return;
              if (event.key === "ArrowDown") {
                event.preventDefault();
                setActive((i) => Math.min(i + 1, answer.suggestions.length - 1));
              } else if (event.key === "ArrowUp") {
                event.preventDefault();
                setActive((i) => Math.max(i - 1, 0));
              } else if (event.key === "Enter") {
                event.preventDefault();
                choose(answer.suggestions[active]!);
              } else if (event.key === "Escape") setOpen(false);
            }}
          />
        </div>
        {showList ? (
          <div
            id={listId}
            role="listbox"
            aria-label={label ?? t("fields.address")}
            className="absolute top-full z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
          >
            {answer.suggestions.map((suggestion, index) => (
              <div
                key={suggestion.id}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-brand-50" : ""}`}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(suggestion);
                }}
              >
                {suggestionLabel(suggestion, locale)}
                {suggestion.kind === "municipality" ? (
                  <span className="text-gray-500"> · {t("municipality")}</span>
                ) : null}
              </div>
            ))}
          </div>
        ) : null}
        <input type="hidden" name="addressSuggestion" value={chosen} />
        {error ? (
          <p id="addressPlace-error" role="alert" className="text-red-600 text-sm">
            {t(error)}
          </p>
        ) : (
          <p id="addressPlace-hint" className="text-gray-500 text-xs">
            {t("addressHint")}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="street" className="font-medium text-gray-800 text-sm">
          {t("fields.street")}
        </label>
        <Input
          id="street"
          name="street"
          defaultValue={initialStreet}
          maxLength={200}
          autoComplete="street-address"
          placeholder={t("streetPlaceholder")}
          aria-invalid={errors.street ? true : undefined}
          aria-describedby={errors.street ? "street-error" : undefined}
        />
        {errors.street ? (
          <p id="street-error" role="alert" className="text-red-600 text-sm">
            {t(errors.street)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
