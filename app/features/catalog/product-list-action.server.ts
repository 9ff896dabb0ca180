import { AppError, isAppError } from "~/lib/app-error";
import { formObject } from "~/lib/form";
import type { StoreContext } from "~/lib/service-context";
import { deleteProduct } from "./product.server";
import { bulkActionSchema } from "./product-bulk.schema";
import { runBulkAction } from "./product-bulk.server";

export type ProductsActionBody = {
  ok: boolean;
  message: string;
  counts?: { count: number; skipped: number; failed: number };
};

/**
 * The products page's action: delete one product, or run a bulk action. Another store's ids answer
 * 404 and change nothing; a failure answers with the spec §8 message of what failed.
 */
export async function productsAction(
  ctx: StoreContext,
  form: FormData,
): Promise<{ status: number; body: ProductsActionBody }> {
  const intent = form.get("intent");
  try {
    if (intent === "delete") {
      await deleteProduct(ctx, String(form.get("productId") ?? ""));
      return { status: 200, body: { ok: true, message: "products:deleted" } };
    }
    if (intent === "bulk") {
      const parsed = bulkActionSchema.safeParse({
        ...formObject(form),
        ids: form.getAll("ids").map(String),
      });
      if (!parsed.success) {
        return {
          status: 400,
          body: { ok: false, message: parsed.error.issues[0]?.message ?? "errors:validation" },
        };
      }
      const counts = await runBulkAction(ctx, parsed.data);
      const { action } = parsed.data;
      const message =
        action === "delete"
          ? "products:bulk.deleted"
          : action === "pricePercent" || action === "priceAmount"
            ? "products:bulk.done"
            : "products:bulk.updated";
      return { status: 200, body: { ok: true, message, counts } };
    }
    throw new AppError("validation");
  } catch (error) {
    if (!isAppError(error)) {
      console.error(error);
      return { status: 500, body: { ok: false, message: "errors:unexpected" } };
    }
    if (error.status >= 500) console.error(error.cause ?? error);
    return { status: error.status, body: { ok: false, message: error.messageKey } };
  }
}
