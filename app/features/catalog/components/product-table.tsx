import { Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DeleteButton } from "~/components/delete-button";
import type { ComplianceIssue } from "~/features/compliance/compliance-rules";
import { ComplianceBadge } from "~/features/compliance/components/compliance-badge";
import type { Locale } from "~/i18n/config";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { BULK_FORM_ID } from "./bulk-bar";
import { isReduced, PromotionBadge, StatusBadge } from "./product-status";
import { ProductThumb } from "./product-thumb";

export type ProductRow = {
  id: string;
  name: string;
  categoryName: string | null;
  priceCents: number;
  regularPriceCents: number | null;
  unit: string;
  vatRate: string;
  quantity: number;
  status: string;
  imageUrl: string | null;
  updatedAt: Date | string;
  /** What the compliance check found missing (none: nothing). */
  issues?: readonly ComplianceIssue[];
  /** Active promotions, running or to come, the product is in (decision 0038). */
  promotionCount?: number;
};

export type Selection = {
  isSelected: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
  pageSelected: boolean;
  togglePage: (on: boolean) => void;
};

/** The actions column stays in view at the table's right edge while the rest scrolls under it. */
const STICKY_END = "sticky right-0 shadow-[-1px_0_0_var(--color-gray-100)]";

const checkboxClass = "size-4 rounded border-gray-300 accent-brand-600";

/** The table's text columns in order; the numeric ones are right-aligned. */
const COLUMNS = [
  "name",
  "category",
  "price",
  "unit",
  "vat",
  "quantity",
  "status",
  "promotion",
  "updated",
] as const;
const NUMERIC = new Set<(typeof COLUMNS)[number]>(["price", "quantity"]);

export function ProductTable({ products, selection }: { products: ProductRow[]; selection: Selection }) {
  const { t, i18n } = useTranslation("products");
  const locale = i18n.language as Locale;
  return (
    <>
      {/* Phones get a list of cards; the table needs a wide screen. */}
      <ul className="mt-4 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm md:hidden">
        {products.map((product) => (
          <li key={product.id} className="flex items-center gap-3 p-3">
            <RowCheckbox product={product} selection={selection} />
            <Link to={`/dashboard/products/${product.id}`} className="flex min-w-0 flex-1 items-start gap-3">
              <ProductThumb url={product.imageUrl} className="size-12 shrink-0" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-gray-900 wrap-anywhere">{product.name}</span>
                <span className="block text-gray-600 text-xs wrap-anywhere">
                  {product.categoryName ?? t("noCategory")} · {t(`units.${product.unit}`)} ·{" "}
                  {t("columns.vat")} {t(`vat.${product.vatRate}`)} · {t("columns.quantity")}{" "}
                  {product.quantity}
                </span>
                <ComplianceBadge issues={product.issues} />
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-semibold tabular-nums">{formatMoney(product.priceCents, locale)}</span>
                <StatusBadge status={product.status} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-4 hidden overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm md:block">
        {/* Fits 1366 px with the menu (decision 0030): tight cells, the date over its time, and the edit
            and delete buttons pinned to the right edge when a narrower screen scrolls the table. */}
        <table className="w-full min-w-[52rem] text-left text-sm">
          <thead className="border-gray-200 border-b bg-gray-50 text-gray-600 text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="w-10 px-3 py-3">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={selection.pageSelected}
                  onChange={(event) => selection.togglePage(event.target.checked)}
                  aria-label={t("columns.selectPage")}
                />
              </th>
              <th scope="col" className="px-2 py-3 font-medium">
                <span className="sr-only">{t("columns.image")}</span>
              </th>
              {COLUMNS.map((key) => (
                <th
                  key={key}
                  scope="col"
                  className={cn("px-2 py-3 font-medium", NUMERIC.has(key) && "text-right")}
                >
                  {t(`columns.${key}`)}
                </th>
              ))}
              <th scope="col" className={cn("px-2 py-3", STICKY_END, "bg-gray-50")}>
                <span className="sr-only">{t("columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {products.map((product) => (
              <tr key={product.id} className="group hover:bg-gray-50">
                <td className="px-3 py-2">
                  <RowCheckbox product={product} selection={selection} />
                </td>
                <td className="px-2 py-2">
                  {/* max-w-none: a table cell may shrink to nothing, and the image with it (decision 0101). */}
                  <ProductThumb url={product.imageUrl} className="size-10 max-w-none" />
                </td>
                <td className="min-w-[11rem] px-2 py-2">
                  <Link
                    to={`/dashboard/products/${product.id}`}
                    className="font-medium text-gray-900 wrap-anywhere hover:underline"
                  >
                    {product.name}
                  </Link>
                  <ComplianceBadge issues={product.issues} />
                </td>
                <td className="max-w-[10rem] px-2 py-2 text-gray-600 wrap-anywhere">
                  {product.categoryName ?? "—"}
                </td>
                <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">
                  {formatMoney(product.priceCents, locale)}
                </td>
                <td className="px-2 py-2 text-gray-600">{t(`units.${product.unit}`)}</td>
                <td className="px-2 py-2 text-gray-600">{t(`vat.${product.vatRate}`)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{product.quantity}</td>
                <td className="px-2 py-2">
                  <StatusBadge status={product.status} />
                </td>
                <td className="px-2 py-2">
                  <PromotionBadge reduced={isReduced(product)} count={product.promotionCount} />
                </td>
                <td className="w-24 px-2 py-2 text-gray-600 tabular-nums">
                  {formatDateTime(product.updatedAt, locale)}
                </td>
                <td className={cn("px-2 py-2", STICKY_END, "bg-white group-hover:bg-gray-50")}>
                  <RowActions product={product} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function RowCheckbox({ product, selection }: { product: ProductRow; selection: Selection }) {
  const { t } = useTranslation("products");
  return (
    <input
      type="checkbox"
      className={checkboxClass}
      checked={selection.isSelected(product.id)}
      onChange={(event) => selection.toggle(product.id, event.target.checked)}
      form={BULK_FORM_ID}
      name="ids"
      value={product.id}
      aria-label={t("columns.select", { name: product.name })}
    />
  );
}

function RowActions({ product }: { product: ProductRow }) {
  const { t } = useTranslation("products");
  return (
    <div className="flex justify-end gap-1">
      <Link
        to={`/dashboard/products/${product.id}`}
        className="rounded-md p-2 text-gray-600 hover:bg-gray-100"
        aria-label={t("actions.edit", { name: product.name })}
      >
        <Pencil aria-hidden className="size-4" />
      </Link>
      <DeleteButton
        idName="productId"
        id={product.id}
        label={t("actions.delete", { name: product.name })}
        question={t("actions.confirmDelete", { name: product.name })}
      />
    </div>
  );
}
