import { FolderPlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { toast } from "sonner";
import { requireOwnerStore } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, fieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { CATEGORY_NAME_MAX } from "~/features/categories/category.schema";
import { listCategoriesWithCounts } from "~/features/categories/category.server";
import { categoriesAction } from "~/features/categories/category-action.server";
import { CategoryList } from "~/features/categories/components/category-list";
import { getFixedT, requestLocale } from "~/i18n/i18n.server";
import { failureOf } from "~/lib/action-result";
import type { Route } from "./+types/categories";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireOwnerStore(context);
  const t = getFixedT(requestLocale(request));
  return {
    title: `${t("categories:title")} · Vitrina`,
    categories: await listCategoriesWithCounts(ctx),
    // An Albanian name per category when the store enables Albanian content.
    albanian: store.albanianContent,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx } = await requireOwnerStore(context);
  return categoriesAction(ctx, await request.formData());
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("categories");
  const createForm = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  const createError = failureOf(actionData, "create")?.errors.name;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok && actionData.message) toast.success(t(actionData.message));
    if (!actionData.ok && actionData.errors.form) toast.error(t(actionData.errors.form));
    if (actionData.ok && actionData.intent === "create") createForm.current?.reset();
  }, [actionData, t]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl">{t("title")}</h1>
      <p className="text-gray-600 text-sm">{t("intro")}</p>
      <Form method="post" ref={createForm} className="mt-4 flex flex-wrap items-end gap-2" noValidate>
        <input type="hidden" name="intent" value="create" />
        <Field id="new-category" label={t("add")} error={createError} className="min-w-56 flex-1">
          <Input
            {...fieldControlProps("new-category", createError)}
            name="name"
            maxLength={CATEGORY_NAME_MAX}
          />
        </Field>
        {loaderData.albanian ? (
          <Field id="new-category-sq" label={t("nameSq")} className="min-w-56 flex-1">
            <Input
              {...fieldControlProps("new-category-sq", undefined)}
              name="nameSq"
              lang="sq"
              maxLength={CATEGORY_NAME_MAX}
            />
          </Field>
        ) : null}
        <Button type="submit" disabled={busy} className={createError ? "mb-7" : undefined}>
          <FolderPlus aria-hidden className="size-4" />
          {t("create")}
        </Button>
      </Form>
      {loaderData.categories.length === 0 ? (
        <Card className="mt-6 p-8 text-center">
          <p className="font-medium">{t("empty.title")}</p>
          <p className="mt-1 text-gray-600 text-sm">{t("empty.text")}</p>
        </Card>
      ) : (
        <CategoryList
          categories={loaderData.categories}
          albanian={loaderData.albanian}
          error={failureOf(actionData, "rename")}
        />
      )}
    </div>
  );
}
