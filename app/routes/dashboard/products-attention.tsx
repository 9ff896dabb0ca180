import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { requireOwnerStore } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { Card } from "~/components/ui/card";
import { ATTENTION_PAGE_SIZE } from "~/features/attention/attention";
import { attentionInputOf, listAttention, saveAttention } from "~/features/attention/attention.server";
import { AttentionGrid } from "~/features/attention/components/attention-grid";
import { ATTENTION_EXPORT_LINK } from "~/features/compliance/components/attention-notice";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import { flashHeaders } from "~/lib/flash.server";
import { formObject } from "~/lib/form";
import type { Route } from "./+types/products-attention";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const grid = await listAttention(ctx, page);
  return { title: `${t("compliance:grid.title")} · Vitrina`, ...grid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  const form = await request.formData();
  const result = await saveAttention(ctx, attentionInputOf(form));
  if (!result.ok) return { ok: false as const, errors: result.errors, values: formObject(form) };
  const url = new URL(request.url);
  return redirect(`/dashboard/products/attention${url.search}`, {
    headers: flashHeaders("compliance:grid.saved"),
  });
}

export default function ProductsAttention({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("compliance");
  const failure = failureOf(actionData);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Link to="/dashboard/products?attention=1" className="text-brand-700 text-sm hover:underline">
        ← {t("grid.back")}
      </Link>
      <h1 className="mt-2 font-semibold text-2xl">{t("grid.title")}</h1>
      {/* With nothing left to fill, the page says only that (no "0 products", no empty file to download). */}
      {loaderData.total > 0 ? (
        <>
          <p className="mt-1 text-gray-700 text-sm">{t("grid.intro", { count: loaderData.total })}</p>
          <p className="mt-1 text-sm">
            <a href={ATTENTION_EXPORT_LINK} className="font-medium text-brand-800 underline" download>
              {t("grid.export")}
            </a>{" "}
            ·{" "}
            <Link to="/dashboard/products/import" className="font-medium text-brand-800 underline">
              {t("grid.import")}
            </Link>
          </p>
        </>
      ) : null}
      <Card className="mt-4 p-3 sm:p-4">
        {loaderData.rows.length === 0 ? (
          <p className="text-gray-700" data-testid="attention-empty">
            {t("grid.empty")}
          </p>
        ) : (
          <AttentionGrid
            key={`${loaderData.page}:${JSON.stringify(failure?.values ?? {})}`}
            rows={loaderData.rows}
            errors={failure?.errors}
            typed={failure?.values}
          />
        )}
        <Pagination page={loaderData.page} total={loaderData.total} pageSize={ATTENTION_PAGE_SIZE} />
      </Card>
    </div>
  );
}
