import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { toast } from "sonner";
import { requireOwnerStore } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { BulkBar } from "~/features/catalog/components/bulk-bar";
import { BulkDeleteConfirm } from "~/features/catalog/components/bulk-delete-confirm";
import { BulkPreview } from "~/features/catalog/components/bulk-preview";
import { ProductFilters } from "~/features/catalog/components/product-filters";
import { ProductGrid } from "~/features/catalog/components/product-grid";
import { ProductTable } from "~/features/catalog/components/product-table";
import { ProductsHeader } from "~/features/catalog/components/products-header";
import { ViewControls } from "~/features/catalog/components/view-controls";
import { listProducts } from "~/features/catalog/product.server";
import { productsAction } from "~/features/catalog/product-list-action.server";
import {
  hasActiveFilters,
  type ProductView,
  parsePageSize,
  parseProductListParams,
  readCookie,
  SIZE_COOKIE,
  VIEW_COOKIE,
} from "~/features/catalog/product-list-params";
import { listCategories } from "~/features/categories/category.queries.server";
import { listComplianceIssues } from "~/features/compliance/compliance.server";
import { promotionCounts } from "~/features/promotions/product-promotions.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureMessageOf } from "~/lib/action-result";
import { getClock } from "~/lib/clock.server";
import type { Route } from "./+types/products";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const url = new URL(request.url);
  const cookies = request.headers.get("cookie");
  const params = parseProductListParams(url.searchParams, parsePageSize(readCookie(cookies, SIZE_COOKIE)));
  const view: ProductView = readCookie(cookies, VIEW_COOKIE) === "grid" ? "grid" : "table";
  const [{ rows, total }, categories] = await Promise.all([
    listProducts(ctx, params),
    listCategories(ctx.db, ctx.storeId),
  ]);
  const ids = rows.map((row) => row.id);
  const [issues, inPromotions] = await Promise.all([
    listComplianceIssues(ctx, ids),
    promotionCounts(ctx, ids, getClock().now()),
  ]);
  const products = rows.map((row) => ({
    ...row,
    issues: issues[row.id] ?? [],
    promotionCount: inPromotions.get(row.id) ?? 0,
  }));
  const t = getFixedT(requestLocale(request));
  return { title: `${t("products:title")} · Vitrina`, products, total, params, categories, view };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return productsAction(ctx, await request.formData());
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("products");
  const location = useLocation();
  const { products, total, params, categories } = loaderData;
  const [view, setView] = useState<ProductView>(loaderData.view);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [scope, setScope] = useState<"ids" | "all">("ids");
  const filtered = hasActiveFilters(params);

  // Another page or filter, or a finished action, starts a fresh selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the view or result changes.
  useEffect(() => {
    setSelected(new Set());
    setScope("ids");
  }, [location.search, actionData]);

  useEffect(() => {
    if (!actionData) return;
    if (!actionData.ok) toast.error(t(failureMessageOf(actionData)));
    else if ("message" in actionData && actionData.message)
      toast.success(t(actionData.message, "counts" in actionData ? actionData.counts : {}));
  }, [actionData, t]);
  // A bulk price change's preview, served by the action (decision 0032).
  const preview = actionData?.ok && "preview" in actionData ? actionData : null;
  // A bulk delete the browser's dialog did not confirm (no JavaScript): the server asks (decision 0047).
  const deletion = actionData?.ok && "deletion" in actionData ? actionData : null;

  const pageIds = products.map((product) => product.id);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const selection = {
    isSelected: (id: string) => scope === "all" || selected.has(id),
    toggle: (id: string, on: boolean) => {
      const next = new Set(scope === "all" ? pageIds : selected);
      if (on) next.add(id);
      else next.delete(id);
      setScope("ids");
      setSelected(next);
    },
    pageSelected: scope === "all" || pageSelected,
    togglePage: (on: boolean) => {
      setScope("ids");
      setSelected(on ? new Set(pageIds) : new Set());
    },
  };
  const count = scope === "all" ? total : selected.size;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-6 sm:px-6 sm:pt-6">
      <ProductsHeader total={total} />
      {total === 0 && !filtered ? (
        <Card className="mt-6 p-8 text-center">
          <p className="font-medium">{t("empty.title")}</p>
          <p className="mt-1 text-gray-600 text-sm">{t("empty.text")}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <Link to="/dashboard/products/new" className={buttonVariants()}>
              {t("add")}
            </Link>
            <Link to="/dashboard/products/import" className={buttonVariants({ variant: "outline" })}>
              {t("import")}
            </Link>
          </div>
          {categories.length === 0 ? (
            <p className="mt-4 text-gray-600 text-sm">
              {t("empty.categoriesHint")}{" "}
              <Link to="/dashboard/categories" className="text-brand-700 underline">
                {t("empty.categoriesLink")}
              </Link>
            </p>
          ) : null}
        </Card>
      ) : (
        <>
          <ProductFilters key={location.search} params={params} categories={categories} />
          {preview ? (
            <BulkPreview key={preview.preview.plan} data={preview} />
          ) : deletion ? (
            <BulkDeleteConfirm key={deletion.deletion.plan} data={deletion} />
          ) : (
            // Always on the page: hidden while nothing is ticked, unless the browser runs no scripts.
            <BulkBar
              scope={scope}
              count={count}
              total={total}
              query={location.search.replace(/^\?/, "")}
              pageFullySelected={pageSelected}
              categories={categories}
              onSelectAll={() => setScope("all")}
              onClear={() => {
                setScope("ids");
                setSelected(new Set());
              }}
            />
          )}
          <div className="mt-3 md:mt-4">
            <ViewControls view={view} onViewChange={setView} pageSize={params.pageSize} />
          </div>
          {products.length === 0 ? (
            <Card className="mt-4 p-8 text-center">
              <p className="font-medium">{t("empty.noMatches")}</p>
              <p className="mt-1 text-gray-600 text-sm">{t("empty.tryOther")}</p>
              <Link
                to="/dashboard/products"
                className={buttonVariants({ variant: "outline", className: "mt-4" })}
              >
                {t("empty.clear")}
              </Link>
            </Card>
          ) : view === "grid" ? (
            <ProductGrid products={products} selection={selection} />
          ) : (
            <ProductTable products={products} selection={selection} />
          )}
          <Pagination page={params.page} total={total} pageSize={params.pageSize} />
        </>
      )}
    </div>
  );
}
