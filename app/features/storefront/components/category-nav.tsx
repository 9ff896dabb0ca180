import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { cn } from "~/lib/cn";

/** The store's categories as links; the current one is marked (aria-current). */
export function CategoryNav({
  categories,
  current,
  hrefFor,
}: {
  categories: { id: string; name: string }[];
  current: string;
  /** This view's URL with another category ("" for all). */
  hrefFor: (categoryId: string) => string;
}) {
  const { t } = useT("store");
  if (categories.length === 0) return null;
  return (
    // A phone swipes the chips sideways; a wider screen shows them all, in as many rows as it takes
    // (a mouse cannot swipe).
    <nav
      aria-label={t("categories")}
      className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
    >
      {[{ id: "", name: t("allCategories") }, ...categories].map((item) => (
        <Link
          key={item.id || "all"}
          to={hrefFor(item.id)}
          aria-current={item.id === current ? "page" : undefined}
          className={cn(
            "max-w-[85vw] shrink-0 rounded-full border px-3 py-1 text-sm wrap-anywhere sm:max-w-full",
            item.id === current
              ? "border-brand-700 bg-brand-700 text-white"
              : "border-gray-300 bg-white text-gray-800 hover:bg-gray-100",
          )}
        >
          {item.name}
        </Link>
      ))}
    </nav>
  );
}
