import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { ImportCounts as Counts, ImportNoteRow, SkippedRow } from "~/db/schema/imports";
import {
  ImportLibraryMatches,
  type ImportLibraryMatchesView,
} from "~/features/library/components/import-library-matches";
import type { ImportNote } from "../rows";
import { ImportCounts, NotesTable, SkippedTable } from "./import-counts";

type Props = {
  id: string;
  imageOption: string | null;
  /** The "upload custom, Product X of Y" page of this import's products. */
  imagesPath: string;
  status: "done" | "failed";
  error: string | null;
  counts: Counts;
  skipped: SkippedRow[];
  /** Rows saved without a part of them (decisions 0062, 0063); absent for imports before them. */
  notes?: ImportNoteRow[];
  noteCount?: number;
  /** "Use first image for all": what the library gave. */
  libraryMatches?: ImportLibraryMatchesView | null;
};

/** The end of an import: what it did, or 'Import failed' with its reason. */
export function ResultStep({
  id,
  status,
  error,
  counts,
  skipped,
  notes = [],
  noteCount = 0,
  imageOption,
  imagesPath,
  libraryMatches,
}: Props) {
  const { t } = useTranslation("import");
  if (status === "failed") {
    return (
      <div className="flex flex-col gap-3">
        <div className="rounded-md bg-red-50 p-4 text-red-900" role="alert">
          <p className="font-semibold">{t("result.failedTitle")}</p>
          <p className="mt-1 text-sm">{t(error ?? "errors:importFailed")}</p>
          <p className="mt-1 text-sm">{t("result.unchanged")}</p>
        </div>
        <div>
          <Link to="/dashboard/products/import" className={buttonVariants()}>
            {t("result.again")}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium text-green-800" role="status">
        {t("result.doneTitle")}
      </p>
      <ImportCounts counts={counts} />
      {imageOption === "custom" && counts.added + counts.updated > 0 ? (
        <p>
          <Link to={imagesPath} className={buttonVariants()}>
            {t("result.customImages")}
          </Link>
        </p>
      ) : imageOption === "generate" && counts.added + counts.updated > 0 ? (
        <p className="text-gray-700 text-sm">{t("result.generating")}</p>
      ) : null}
      {libraryMatches ? <ImportLibraryMatches view={libraryMatches} /> : null}
      {notes.length > 0 ? (
        <section aria-labelledby="result-notes">
          <h2 id="result-notes" className="font-medium">
            {t("result.notesTitle", { count: noteCount })}
          </h2>
          <NotesTable rows={notes as ImportNote[]} />
        </section>
      ) : null}
      {counts.skipped > 0 ? (
        <section aria-labelledby="result-skipped">
          <h2 id="result-skipped" className="font-medium">
            {t("result.skippedTitle", { count: counts.skipped })}
          </h2>
          <a
            href={`/dashboard/products/import/${id}/skipped.csv`}
            className={buttonVariants({ variant: "outline", className: "mt-2" })}
            download
          >
            <Download aria-hidden className="size-4" />
            {t("result.downloadSkipped")}
          </a>
          <SkippedTable rows={skipped} />
        </section>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Link to="/dashboard/products" className={buttonVariants()}>
          {t("result.toProducts")}
        </Link>
        <Link to="/dashboard/products/import" className={buttonVariants({ variant: "outline" })}>
          {t("result.another")}
        </Link>
      </div>
    </div>
  );
}
