import { Link, useLocation } from "react-router";
import { useT } from "~/i18n/use-t";
import { cn } from "~/lib/cn";
import { pageCount } from "~/lib/pagination";

/** Previous / next links that keep every other query parameter of the current view. */
export function Pagination({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const { t } = useT();
  const location = useLocation();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params}`;
  };
  const linkClass =
    "rounded-md border border-gray-300 bg-white px-3 py-1.5 font-medium text-sm hover:bg-gray-50";
  return (
    <nav aria-label={t("pagination.label")} className="flex items-center justify-between gap-3 py-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          {t("pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-gray-600 text-sm">{t("pagination.status", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className={cn(linkClass)} rel="next">
          {t("pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
