import { ArrowDown, ArrowUp, Pencil } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { DeleteButton } from "~/components/delete-button";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { ActionFailure } from "~/lib/action-result";
import { CATEGORY_NAME_MAX } from "../category.schema";
import type { CategoryWithCount } from "../category.server";

const iconButton = "rounded-md p-2 text-gray-600 hover:bg-gray-100 disabled:opacity-30";

export function CategoryList({
  categories,
  albanian = false,
  error,
}: {
  categories: CategoryWithCount[];
  /** The store enables Albanian content: each category has an optional Albanian name. */
  albanian?: boolean;
  /** A failed rename: `values.categoryId` names the row that shows `errors.name`. */
  error?: ActionFailure;
}) {
  return (
    <ul className="mt-4 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm">
      {categories.map((category, index) => (
        <CategoryRow
          key={`${category.id}-${category.name}-${category.nameSq ?? ""}`}
          category={category}
          albanian={albanian}
          first={index === 0}
          last={index === categories.length - 1}
          error={error?.values?.categoryId === category.id ? error.errors.name : undefined}
        />
      ))}
    </ul>
  );
}

function CategoryRow({
  category,
  albanian,
  first,
  last,
  error,
}: {
  category: CategoryWithCount;
  albanian: boolean;
  first: boolean;
  last: boolean;
  error?: string;
}) {
  const { t } = useTranslation("categories");
  const [editing, setEditing] = useState(Boolean(error));
  const inputId = `name-${category.id}`;
  return (
    <li className="flex flex-wrap items-center gap-2 px-3 py-2">
      {editing ? (
        <Form method="post" className="flex flex-1 flex-wrap items-start gap-2">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="categoryId" value={category.id} />
          <div className="min-w-48 flex-1">
            <label htmlFor={inputId} className="sr-only">
              {t("name")}
            </label>
            <Input
              id={inputId}
              name="name"
              defaultValue={category.name}
              maxLength={CATEGORY_NAME_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              autoFocus
            />
            {error ? (
              <p id={`${inputId}-error`} role="alert" className="mt-1 text-red-600 text-sm">
                {t(error)}
              </p>
            ) : null}
            {albanian ? (
              <>
                <label htmlFor={`${inputId}-sq`} className="mt-2 block text-gray-700 text-sm">
                  {t("nameSq")}
                </label>
                <Input
                  id={`${inputId}-sq`}
                  name="nameSq"
                  lang="sq"
                  defaultValue={category.nameSq ?? ""}
                  maxLength={CATEGORY_NAME_MAX}
                />
              </>
            ) : null}
          </div>
          <Button type="submit" size="sm" className="h-10">
            {t("save")}
          </Button>
          <Button type="button" size="sm" variant="ghost" className="h-10" onClick={() => setEditing(false)}>
            {t("cancel")}
          </Button>
        </Form>
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="font-medium wrap-anywhere">{category.name}</p>
            {albanian && category.nameSq ? (
              <p className="text-gray-600 text-sm wrap-anywhere" lang="sq">
                {t("inAlbanian", { name: category.nameSq })}
              </p>
            ) : null}
            {/* The link's name starts with what it shows (WCAG 2.5.3), the category follows for a
                screen reader listing links out of context. */}
            <Link
              to={`/dashboard/products?category=${category.id}`}
              className="text-brand-700 text-xs hover:underline"
            >
              {t("products", { count: category.productCount })}
              <span className="sr-only"> {t("productsIn", { name: category.name })}</span>
            </Link>
          </div>
          <Form method="post" className="flex">
            <input type="hidden" name="categoryId" value={category.id} />
            <button
              type="submit"
              name="intent"
              value="up"
              disabled={first}
              className={iconButton}
              aria-label={t("moveUp", { name: category.name })}
            >
              <ArrowUp aria-hidden className="size-4" />
            </button>
            <button
              type="submit"
              name="intent"
              value="down"
              disabled={last}
              className={iconButton}
              aria-label={t("moveDown", { name: category.name })}
            >
              <ArrowDown aria-hidden className="size-4" />
            </button>
          </Form>
          <button
            type="button"
            className={iconButton}
            onClick={() => setEditing(true)}
            aria-label={t("rename", { name: category.name })}
          >
            <Pencil aria-hidden className="size-4" />
          </button>
          <DeleteButton
            idName="categoryId"
            id={category.id}
            label={t("delete", { name: category.name })}
            question={
              category.productCount > 0
                ? t("confirmDeleteWithProducts", { name: category.name, count: category.productCount })
                : t("confirmDelete", { name: category.name })
            }
          />
        </>
      )}
    </li>
  );
}
