import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { backToList } from "~/features/attention/back-to-list";
import { productFieldsNeedingAttention } from "~/features/attention/form-attention";
import { ProductForm, type ProductFormValues } from "~/features/catalog/components/product-form";
import { deleteProduct, getProduct, updateProduct } from "~/features/catalog/product.server";
import { saveProductFromForm } from "~/features/catalog/product-action.server";
import { productFormValues } from "~/features/catalog/product-form-values";
import { listCategories } from "~/features/categories/category.queries.server";
import { listComplianceIssues } from "~/features/compliance/compliance.server";
import { LibrarySuggestions } from "~/features/library/components/library-suggestions";
import { suggestLibraryImages } from "~/features/library/library-match.server";
import { ProductPointsOfSaleLink } from "~/features/points-of-sale/components/product-points-of-sale-link";
import { PriceHistoryList } from "~/features/pricing/components/price-history-list";
import { listPriceHistory } from "~/features/pricing/price-history.server";
import { ProductPromotions } from "~/features/promotions/components/product-promotions";
import { listProductPromotions } from "~/features/promotions/product-promotions.server";
import { requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { getClock } from "~/lib/clock.server";
import { flashHeaders } from "~/lib/flash.server";
import { handleAction, orNotFound } from "~/lib/route-adapter.server";
import type { Route } from "./+types/product-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireOwnerStore(context);
  const locale = requestLocale(request);
  const product = await orNotFound(getProduct(ctx, params.productId));
  const [categories, history, promotions, librarySuggestions, issues] = await Promise.all([
    listCategories(ctx.db, ctx.storeId),
    listPriceHistory(ctx, product.id),
    listProductPromotions(ctx, product.id, getClock().now()),
    suggestLibraryImages(ctx.db, product),
    listComplianceIssues(ctx, [product.id]),
  ]);
  // The list the owner came from (a link's ?back=, else the page that opened this one), kept
  // through the save (decision 0127).
  const back = backToList(
    new URL(request.url).searchParams.get("back") ?? request.headers.get("referer"),
    request.url,
  );
  return {
    title: `${product.name} · Vitrina`,
    id: product.id,
    name: product.name,
    imageUrl: product.imageUrl,
    values: productFormValues(product, locale),
    albanian: store.albanianContent,
    attention: productFieldsNeedingAttention(issues[product.id] ?? []),
    back,
    librarySuggestions,
    categories,
    history,
    promotions: promotions.map(({ id, name, type, startsOn, endsOn, state, deleted }) => ({
      id,
      name,
      type,
      startsOn,
      endsOn,
      state,
      deleted,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const form = await request.formData();
  if (form.get("intent") !== "delete") {
    return saveProductFromForm(
      form,
      (input) => updateProduct(ctx, params.productId, input),
      backToList(String(form.get("back") ?? ""), request.url),
    );
  }
  return handleAction(
    async () => {
      await deleteProduct(ctx, params.productId);
      return redirect("/dashboard/products", { headers: flashHeaders("products:deleted") });
    },
    { intent: "delete", fallback: "productDeleteFailed", notFoundPage: true },
  );
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("products");
  const failure = failureOf(actionData);
  const values: ProductFormValues = { ...loaderData.values, ...failure?.values };
  // After a refused save the page reloads from itself: the list it came from is in what was posted.
  const back = failure?.values?.back || loaderData.back;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link to={back} className="text-brand-700 text-sm hover:underline">
        ← {t("backToList")}
      </Link>
      <h1 className="mt-2 break-words font-semibold text-2xl">{loaderData.name}</h1>
      {/* The image picker offers the library's best matches first; the form below uploads. */}
      <Card className="mt-4 p-5 sm:p-6">
        <LibrarySuggestions
          productId={loaderData.id}
          suggestions={loaderData.librarySuggestions}
          back={`/dashboard/products/${loaderData.id}`}
        />
      </Card>
      <Card className="mt-4 p-5 sm:p-6">
        <ProductForm
          key={JSON.stringify(failure?.values ?? loaderData.values)}
          values={values}
          imageUrl={loaderData.imageUrl}
          productId={loaderData.id}
          categories={loaderData.categories}
          albanian={loaderData.albanian}
          attention={loaderData.attention}
          back={back}
          serverErrors={failure?.errors}
          submitLabel={t("save")}
        />
      </Card>
      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="font-semibold text-lg">{t("promotions:productPromotions")}</h2>
        <ProductPromotions promotions={loaderData.promotions} />
      </Card>
      <ProductPointsOfSaleLink productId={loaderData.id} />
      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="font-semibold text-lg">{t("history.title")}</h2>
        <PriceHistoryList history={loaderData.history} />
      </Card>
      <Form
        method="post"
        className="mt-6 flex justify-end"
        onSubmit={(event) => {
          if (!window.confirm(t("actions.confirmDelete", { name: loaderData.name }))) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="destructive">
          {t("deleteProduct")}
        </Button>
      </Form>
    </div>
  );
}
