import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { getProduct } from "~/features/catalog/product.server";
import { OverrideRow } from "~/features/points-of-sale/components/override-row";
import { clearOverride, listProductOverrides, setOverride } from "~/features/points-of-sale/overrides.server";
import { overrideFormSchema } from "~/features/points-of-sale/point-of-sale.schema";
import { listPointsOfSale } from "~/features/points-of-sale/point-of-sale.server";
import { failureOf } from "~/lib/action-result";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import { pageTitle } from "~/lib/page-title.server";
import { handleAction, orNotFound, parseForm } from "~/lib/route-adapter.server";
import type { Route } from "./+types/product-points-of-sale";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** A product's own price, availability and presence at each point of sale (decision 0069). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const product = await orNotFound(getProduct(ctx, params.productId));
  const [points, overrides] = await Promise.all([
    listPointsOfSale(ctx),
    listProductOverrides(ctx, product.id),
  ]);
  const byPoint = new Map(overrides.map((row) => [row.pointOfSaleId, row]));
  return {
    title: `${product.name} · ${pageTitle(request, "pointsOfSale:overrides.title")}`,
    product: {
      id: product.id,
      name: product.name,
      priceCents: product.priceCents,
      availability: product.availability,
    },
    rows: points.map((point) => {
      const own = byPoint.get(point.id);
      return {
        pointOfSaleId: point.id,
        name: point.name,
        priceCents: own?.priceCents ?? null,
        availability: own?.availability ?? null,
        excluded: own?.excluded ?? false,
      };
    }),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const values = formObject(await request.formData());
  const here = `/dashboard/products/${encodeURIComponent(params.productId)}/points-of-sale`;
  return handleAction(
    async () => {
      const input = parseForm(overrideFormSchema, values);
      if (values.intent === "clear") {
        await clearOverride(ctx, input.pointOfSaleId, params.productId);
      } else {
        await setOverride(ctx, {
          pointOfSaleId: input.pointOfSaleId,
          productId: params.productId,
          priceCents: input.price,
          availability: input.availability,
          excluded: input.excluded,
        });
      }
      return redirect(here, { headers: flashHeaders("pointsOfSale:overrides.saved") });
    },
    { intent: values.pointOfSaleId, values, fallback: "priceUpdateFailed", notFoundPage: true },
  );
}

export default function ProductPointsOfSale({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pointsOfSale");
  const { product, rows } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <Link to={`/dashboard/products/${product.id}`} className="text-brand-700 text-sm hover:underline">
        ← {product.name}
      </Link>
      <h1 className="mt-2 font-semibold text-2xl">{t("overrides.title")}</h1>
      <p className="mt-2 text-gray-600 text-sm">{t("overrides.intro")}</p>
      <div className="mt-4 flex flex-col gap-3">
        {rows.map((row) => {
          const failure = failureOf(actionData, row.pointOfSaleId);
          return (
            <OverrideRow
              key={row.pointOfSaleId}
              row={row}
              storePriceCents={product.priceCents}
              storeAvailability={product.availability}
              errors={failure?.errors ?? {}}
              typed={failure?.values ?? null}
            />
          );
        })}
      </div>
    </div>
  );
}
