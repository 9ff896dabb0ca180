import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";

export type ImportLibraryMatchesView = {
  matched: { productId: string; productName: string; entryName: string; thumbUrl: string }[];
  matchedCount: number;
  withoutImage: number;
};

/** Polls a few times: the import's images are matched just after its rows are committed. */
const POLLS = 5;

/**
 * The import's "use first image for all" result: which products took which library
 * image, and how many stay without one because nothing was close enough.
 */
export function ImportLibraryMatches({ view }: { view: ImportLibraryMatchesView }) {
  const { t } = useTranslation("library");
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (view.withoutImage === 0 || polls >= POLLS) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1500);
    return () => clearTimeout(timer);
  }, [view.withoutImage, polls, revalidator]);
  return (
    <section aria-labelledby="import-library-matches" className="flex flex-col gap-2">
      <h2 id="import-library-matches" className="font-medium">
        {t("importMatched", { count: view.matchedCount })}
      </h2>
      {view.matched.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {view.matched.map((match) => (
            <li key={match.productId} className="flex items-center gap-2">
              <img
                src={match.thumbUrl}
                alt=""
                width={40}
                height={40}
                className="size-10 shrink-0 rounded-md"
              />
              <span className="min-w-0 break-words">
                <Link
                  to={`/dashboard/products/${match.productId}`}
                  className="text-brand-700 hover:underline"
                >
                  {match.productName}
                </Link>
                {match.entryName ? <span className="text-gray-600"> ← {match.entryName}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {view.withoutImage > 0 ? (
        <p className="text-gray-700 text-sm">{t("importUnmatched", { count: view.withoutImage })}</p>
      ) : null}
    </section>
  );
}
