import { PackagePlus, Search } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { requireOwnerStore } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { ProductTable } from "~/features/catalog/components/product-table";
import { deleteProduct, listProducts } from "~/features/catalog/product.server";
import { PriceListPdfButton } from "~/features/pdf/price-list-pdf-button";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { isAppError } from "~/lib/app-error";
import { parsePage } from "~/lib/pagination";
import type { Route } from "./+types/products";

const PAGE_SIZE = 25;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const page = parsePage(url.searchParams.get("page"));
  const { rows, total } = await listProducts(ctx, { q, page, pageSize: PAGE_SIZE });
  const t = getFixedT(requestLocale(request));
  return { title: `${t("products:title")} · Vitrina`, products: rows, total, page, pageSize: PAGE_SIZE, q };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const form = await request.formData();
  if (form.get("intent") !== "delete")
    return data({ ok: false, message: "errors:unexpected" }, { status: 400 });
  try {
    await deleteProduct(ctx, String(form.get("productId") ?? ""));
    return { ok: true, message: "products:deleted" };
  } catch (error) {
    if (isAppError(error) && error.code === "notFound") {
      return data({ ok: false, message: "errors:notFound" }, { status: 404 });
    }
    console.error(error);
    return data({ ok: false, message: "errors:productDeleteFailed" }, { status: 500 });
  }
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("products");
  const [params] = useSearchParams();
  const { products, total, page, pageSize, q } = loaderData;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(t(actionData.message));
    else toast.error(t(actionData.message));
  }, [actionData, t]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">{t("title")}</h1>
          <p className="text-gray-600 text-sm">{t("count", { count: total })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <PriceListPdfButton />
          <Link to="/dashboard/products/new" className={buttonVariants()}>
            <PackagePlus aria-hidden className="size-4" />
            {t("add")}
          </Link>
        </div>
      </div>
      <Form method="get" role="search" className="mt-4 flex gap-2">
        <label htmlFor="q" className="sr-only">
          {t("search.label")}
        </label>
        <div className="relative flex-1">
          <Search aria-hidden className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-gray-400" />
          <Input
            id="q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder={t("search.placeholder")}
            className="pl-9"
          />
        </div>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          {t("search.submit")}
        </button>
      </Form>
      {products.length === 0 ? (
        <Card className="mt-6 p-8 text-center">
          <p className="font-medium">{params.get("q") ? t("empty.noMatches") : t("empty.title")}</p>
          <p className="mt-1 text-gray-600 text-sm">
            {params.get("q") ? t("empty.tryOther") : t("empty.text")}
          </p>
          {params.get("q") ? null : (
            <Link to="/dashboard/products/new" className={buttonVariants({ className: "mt-4" })}>
              {t("add")}
            </Link>
          )}
        </Card>
      ) : (
        <>
          <ProductTable products={products} />
          <Pagination page={page} total={total} pageSize={pageSize} />
        </>
      )}
    </div>
  );
}
