import { AppError, isAppError } from "~/lib/app-error";
import { fieldErrors, formObject } from "~/lib/form";
import type { StoreContext } from "~/lib/service-context";
import { categorySchema } from "./category.schema";
import { createCategory, deleteCategory, moveCategory, renameCategory } from "./category.server";

export type CategoryActionBody = {
  ok: boolean;
  intent: string;
  message?: string;
  errors?: Record<string, string>;
  /** Which category a rename error belongs to, so the right row shows it. */
  categoryId?: string;
};

/** The categories page's one action: create, rename, delete or move (another store's id → 404). */
export async function categoriesAction(
  ctx: StoreContext,
  form: FormData,
): Promise<{ status: number; body: CategoryActionBody }> {
  const intent = String(form.get("intent") ?? "");
  const categoryId = String(form.get("categoryId") ?? "");
  try {
    switch (intent) {
      case "create":
      case "rename": {
        const parsed = categorySchema.safeParse(formObject(form));
        if (!parsed.success) {
          return { status: 400, body: { ok: false, intent, categoryId, errors: fieldErrors(parsed.error) } };
        }
        if (intent === "create") await createCategory(ctx, parsed.data);
        else await renameCategory(ctx, categoryId, parsed.data);
        return {
          status: 200,
          body: {
            ok: true,
            intent,
            message: intent === "create" ? "categories:created" : "categories:saved",
          },
        };
      }
      case "delete":
        await deleteCategory(ctx, categoryId);
        return { status: 200, body: { ok: true, intent, message: "categories:deleted" } };
      case "up":
      case "down":
        await moveCategory(ctx, categoryId, intent);
        return { status: 200, body: { ok: true, intent } };
      default:
        throw new AppError("validation");
    }
  } catch (error) {
    if (isAppError(error) && error.fields) {
      return { status: error.status, body: { ok: false, intent, categoryId, errors: error.fields } };
    }
    if (isAppError(error)) {
      if (error.status >= 500) console.error(error.cause ?? error);
      return { status: error.status, body: { ok: false, intent, message: error.messageKey } };
    }
    console.error(error);
    return { status: 500, body: { ok: false, intent, message: "errors:unexpected" } };
  }
}
