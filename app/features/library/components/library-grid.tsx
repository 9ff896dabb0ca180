import { ImageOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { categoryLabel, type LibraryEntry } from "../library.schema";
import { LibraryAssignButton } from "./library-assign-button";

/** The library's entries as cards; with products to assign to, each card has its Assign button. */
export function LibraryGrid({
  entries,
  productIds,
  back,
}: {
  entries: LibraryEntry[];
  productIds: string[];
  back?: string;
}) {
  const { t, i18n } = useTranslation("library");
  // The tiles carry no words (decision 0101): a reader of Albanian or English gets the Latin spelling too.
  const showLatin = i18n.language !== "mk";
  if (entries.length === 0) {
    return (
      <div className="mt-6 flex flex-col items-center gap-2 rounded-xl border border-gray-300 border-dashed p-8 text-center">
        <ImageOff aria-hidden className="size-8 text-gray-400" />
        <p className="font-medium" role="status">
          {t("errors:noImagesFound")}
        </p>
        <p className="text-gray-600 text-sm">{t("noneHint")}</p>
      </div>
    );
  }
  return (
    <ul
      aria-label={t("results")}
      className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
    >
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white"
        >
          <img
            src={entry.thumbUrl}
            alt={entry.name}
            loading="lazy"
            width={320}
            height={320}
            className="aspect-square w-full bg-gray-50 object-cover"
          />
          <div className="flex flex-1 flex-col gap-1 p-2">
            <p className="line-clamp-2 break-words font-medium text-sm">{entry.name}</p>
            {showLatin && entry.nameLatin ? (
              <p className="line-clamp-2 break-words text-gray-700 text-xs">{entry.nameLatin}</p>
            ) : null}
            {entry.category ? (
              <p className="truncate text-gray-600 text-xs">
                {categoryLabel({ name: entry.category, latin: entry.categoryLatin }, i18n.language)}
              </p>
            ) : null}
            {entry.barcode ? <p className="font-mono text-gray-500 text-xs">{entry.barcode}</p> : null}
            {productIds.length > 0 ? (
              <LibraryAssignButton
                className="mt-auto pt-1"
                entryId={entry.id}
                entryName={entry.name}
                productIds={productIds}
                back={back}
              />
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
