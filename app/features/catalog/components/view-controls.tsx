import { LayoutGrid, Table2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Select } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import {
  PAGE_SIZES,
  type ProductView,
  rememberCookie,
  SIZE_COOKIE,
  VIEW_COOKIE,
} from "../product-list-params";

/** Table/grid toggle and rows per page; both remembered in a cookie the server reads (no flash). */
export function ViewControls({
  view,
  onViewChange,
  pageSize,
}: {
  view: ProductView;
  onViewChange: (view: ProductView) => void;
  pageSize: number;
}) {
  const { t } = useTranslation("products");
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = (next: ProductView) => {
    rememberCookie(VIEW_COOKIE, next);
    onViewChange(next);
  };
  const button = (active: boolean) =>
    cn(
      "flex h-9 items-center gap-1.5 px-3 font-medium text-sm",
      active ? "bg-brand-600 text-white" : "bg-white text-gray-700 hover:bg-gray-50",
    );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <fieldset className="flex overflow-hidden rounded-md border border-gray-300">
        <legend className="sr-only">{t("view.label")}</legend>
        <button
          type="button"
          className={button(view === "table")}
          aria-pressed={view === "table"}
          onClick={() => toggle("table")}
        >
          <Table2 aria-hidden className="size-4" />
          {/* Icons only on a phone, so the view and the page size share one row. */}
          <span className="sr-only sm:not-sr-only">{t("view.table")}</span>
        </button>
        <button
          type="button"
          className={button(view === "grid")}
          aria-pressed={view === "grid"}
          onClick={() => toggle("grid")}
        >
          <LayoutGrid aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">{t("view.grid")}</span>
        </button>
      </fieldset>
      <div className="flex items-center gap-2 text-gray-700 text-sm">
        <label htmlFor="page-size">{t("pageSize")}</label>
        <Select
          id="page-size"
          className="h-9 w-20"
          value={pageSize}
          onChange={(event) => {
            rememberCookie(SIZE_COOKIE, event.target.value);
            const params = new URLSearchParams(location.search);
            params.set("size", event.target.value);
            params.delete("page");
            navigate(`${location.pathname}?${params}`);
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
