import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LibraryMatch } from "../library.schema";
import { LibraryAssignButton } from "./library-assign-button";

/**
 * The image picker's first offer (decision 0057): the library's best matches for this product's name or
 * barcode, each assigned with one press, and the way to the whole library; upload comes after.
 */
export function LibrarySuggestions({
  productId,
  suggestions,
  back,
  hideBrowse,
}: {
  productId: string;
  suggestions: LibraryMatch[];
  back: string;
  /** On the library page itself the whole library is already below. */
  hideBrowse?: boolean;
}) {
  const { t } = useTranslation("library");
  const browse = `/dashboard/image-gallery?${new URLSearchParams({ for: productId, back })}`;
  return (
    <section aria-labelledby={`library-suggestions-${productId}`} className="flex flex-col gap-2">
      <h2 id={`library-suggestions-${productId}`} className="font-medium text-gray-800 text-sm">
        {t("suggestions")}
      </h2>
      {suggestions.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {suggestions.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1">
              <img
                src={entry.thumbUrl}
                alt={entry.name}
                loading="lazy"
                width={320}
                height={320}
                className="aspect-square w-full rounded-md border border-gray-200 bg-gray-50 object-cover"
              />
              <LibraryAssignButton
                entryId={entry.id}
                entryName={entry.name}
                productIds={[productId]}
                back={back}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-gray-600 text-sm">{t("noSuggestions")}</p>
      )}
      {hideBrowse ? null : (
        <Link to={browse} className="self-start font-medium text-brand-700 text-sm hover:underline">
          {t("browse")}
        </Link>
      )}
    </section>
  );
}
