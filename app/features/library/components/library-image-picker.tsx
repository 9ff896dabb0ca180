import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { LibraryEntry } from "../library.schema";

/** How many of the library's best matches the picker shows. */
const SHOWN = 12;

/**
 * The new-product form's way to the shared library. A product without an id cannot be
 * assigned from the library page, so the form itself searches the library (the image-gallery page's
 * loader) and posts the chosen entry's id with the product; an upload, if any, wins. It needs
 * JavaScript to search, so it appears only once the page runs it; without, the edit page offers the
 * library after saving.
 */
export function LibraryImagePicker({ name, defaultValue }: { name: string; defaultValue: string }) {
  const { t } = useTranslation("library");
  const fetcher = useFetcher<{ page: { entries: LibraryEntry[] } }>();
  const [ready, setReady] = useState(false);
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState(defaultValue);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  const entries = fetcher.data?.page.entries.slice(0, SHOWN) ?? [];
  const search = () => {
    // An empty box searches for the name typed above.
    const productName = (document.getElementById("name") as HTMLInputElement | null)?.value ?? "";
    const query = q.trim() || productName.trim();
    if (!q.trim() && query) setQ(query);
    void fetcher.load(`/dashboard/image-gallery?${new URLSearchParams({ q: query })}`);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium text-gray-800 text-sm">{t("pickForNew")}</legend>
      <div className="flex gap-2">
        <Input
          type="search"
          aria-label={t("search")}
          placeholder={t("searchPlaceholder")}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches the library; it must not submit the product form.
            if (event.key === "Enter") {
              event.preventDefault();
              search();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={search} disabled={fetcher.state === "loading"}>
          {t("searchButton")}
        </Button>
      </div>
      {fetcher.data && entries.length === 0 ? (
        <p className="text-gray-600 text-sm">{t("errors:noImagesFound")}</p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {entries.map((entry) => (
            <li key={entry.id}>
              <label className="flex cursor-pointer flex-col gap-1 rounded-md border border-gray-200 p-1 text-xs has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
                <input
                  type="radio"
                  name={name}
                  value={entry.id}
                  checked={chosen === entry.id}
                  onChange={() => setChosen(entry.id)}
                  className="sr-only"
                />
                <img
                  src={entry.thumbUrl}
                  alt=""
                  width={320}
                  height={320}
                  loading="lazy"
                  className="aspect-square w-full rounded bg-gray-50 object-cover"
                />
                <span className="line-clamp-2">{entry.name}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {chosen ? (
        <>
          {/* Kept when a new search no longer lists the chosen entry. */}
          {entries.some((entry) => entry.id === chosen) ? null : (
            <input type="hidden" name={name} value={chosen} />
          )}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => setChosen("")}
          >
            {t("pickNone")}
          </Button>
        </>
      ) : null}
    </fieldset>
  );
}
