import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Card } from "~/components/ui/card";
import {
  EMPTY_PRODUCT,
  ProductForm,
  type ProductFormValues,
} from "~/features/catalog/components/product-form";
import { createProduct } from "~/features/catalog/product.server";
import { saveProductFromForm } from "~/features/catalog/product-action.server";
import { listCategories } from "~/features/categories/category.queries.server";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import type { Route } from "./+types/product-new";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  return {
    title: `${t("products:new")} · Vitrina`,
    categories: await listCategories(ctx.db, ctx.storeId),
    albanian: store.albanianContent,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return saveProductFromForm(await request.formData(), (input) => createProduct(ctx, input));
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("products");
  const failure = failureOf(actionData);
  const values: ProductFormValues = { ...EMPTY_PRODUCT, ...failure?.values };
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link to="/dashboard/products" className="text-brand-700 text-sm hover:underline">
        ← {t("backToList")}
      </Link>
      <h1 className="mt-2 font-semibold text-2xl">{t("new")}</h1>
      <Card className="mt-4 p-5 sm:p-6">
        <ProductForm
          key={JSON.stringify(failure?.values ?? null)}
          values={values}
          categories={loaderData.categories}
          albanian={loaderData.albanian}
          serverErrors={failure?.errors}
          submitLabel={t("create")}
        />
      </Card>
    </div>
  );
}
