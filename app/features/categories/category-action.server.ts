import { AppError } from "~/lib/app-error";
import { formObject } from "~/lib/form";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { StoreContext } from "~/lib/service-context";
import { categorySchema } from "./category.schema";
import { createCategory, deleteCategory, moveCategory, renameCategory } from "./category.server";

/**
 * The categories page's one action: create, rename, delete or move (another store's id → 404).
 * A failure gives back what was typed, with `values.categoryId` naming the row a rename error
 * belongs to.
 */
export function categoriesAction(ctx: StoreContext, form: FormData) {
  const values = formObject(form);
  const intent = values.intent ?? "";
  const categoryId = values.categoryId ?? "";
  return handleAction(
    async () => {
      switch (intent) {
        case "create":
          await createCategory(ctx, parseForm(categorySchema, values));
          return { message: "categories:created" };
        case "rename":
          await renameCategory(ctx, categoryId, parseForm(categorySchema, values));
          return { message: "categories:saved" };
        case "delete":
          await deleteCategory(ctx, categoryId);
          return { message: "categories:deleted" };
        case "up":
        case "down":
          await moveCategory(ctx, categoryId, intent);
          return {};
        default:
          throw new AppError("validation");
      }
    },
    { intent, values },
  );
}
