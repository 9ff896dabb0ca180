import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Locale } from "~/i18n/config";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

export type ProductRow = {
  id: string;
  name: string;
  categoryName: string | null;
  priceCents: number;
  unit: string;
  vatRate: string;
  quantity: number;
  status: string;
  updatedAt: Date | string;
};

export function ProductTable({ products }: { products: ProductRow[] }) {
  const { t, i18n } = useTranslation("products");
  const locale = i18n.language as Locale;
  return (
    <>
      {/* Phones get a list of cards; the table needs a wide screen. */}
      <ul className="mt-4 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm md:hidden">
        {products.map((product) => (
          <li key={product.id}>
            <Link
              to={`/dashboard/products/${product.id}`}
              className="flex items-start justify-between gap-3 p-4"
            >
              <span className="min-w-0">
                <span className="block font-medium text-gray-900">{product.name}</span>
                <span className="block text-gray-500 text-xs">
                  {product.categoryName ?? t("noCategory")} · {t(`units.${product.unit}`)} ·{" "}
                  {t("columns.vat")} {t(`vat.${product.vatRate}`)}
                </span>
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
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="border-gray-200 border-b bg-gray-50 text-gray-600 text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("columns.name")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("columns.category")}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t("columns.price")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("columns.unit")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("columns.vat")}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t("columns.quantity")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("columns.status")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("columns.updated")}
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">{t("columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {products.map((product) => (
              <tr key={product.id} className="hover:bg-gray-50">
                <td className="max-w-[18rem] px-4 py-3">
                  <Link
                    to={`/dashboard/products/${product.id}`}
                    className="font-medium text-gray-900 hover:underline"
                  >
                    {product.name}
                  </Link>
                </td>
                <td className="px-4 py-3 text-gray-600">{product.categoryName ?? "—"}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">
                  {formatMoney(product.priceCents, locale)}
                </td>
                <td className="px-4 py-3 text-gray-600">{t(`units.${product.unit}`)}</td>
                <td className="px-4 py-3 text-gray-600">{t(`vat.${product.vatRate}`)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{product.quantity}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={product.status} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-gray-600">
                  {formatDateTime(product.updatedAt, locale)}
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1">
                    <Link
                      to={`/dashboard/products/${product.id}`}
                      className="rounded-md p-2 text-gray-600 hover:bg-gray-100"
                      aria-label={t("actions.edit", { name: product.name })}
                    >
                      <Pencil aria-hidden className="size-4" />
                    </Link>
                    <Form
                      method="post"
                      onSubmit={(event) => {
                        if (!window.confirm(t("actions.confirmDelete", { name: product.name })))
                          event.preventDefault();
                      }}
                    >
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="productId" value={product.id} />
                      <button
                        type="submit"
                        className="rounded-md p-2 text-red-600 hover:bg-red-50"
                        aria-label={t("actions.delete", { name: product.name })}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("products");
  return (
    <span
      className={cn(
        "rounded-full px-2 py-0.5 font-medium text-xs",
        status === "active" ? "bg-brand-50 text-brand-800" : "bg-gray-100 text-gray-600",
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}
