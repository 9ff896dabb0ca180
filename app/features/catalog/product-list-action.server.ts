import { AppError } from "~/lib/app-error";
import { formObject } from "~/lib/form";
import { handleAction, parseForm } from "~/lib/route-adapter.server";
import type { StoreContext } from "~/lib/service-context";
import { deleteProduct } from "./product.server";
import { bulkActionSchema } from "./product-bulk.schema";
import { runBulkAction } from "./product-bulk.server";

/**
 * The products page's action: delete one product, or run a bulk action. Another store's ids answer
 * 404 and change nothing; a failure answers with the spec §8 message of what failed.
 */
export function productsAction(ctx: StoreContext, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  return handleAction(
    async () => {
      if (intent === "delete") {
        await deleteProduct(ctx, String(form.get("productId") ?? ""));
        return { message: "products:deleted" };
      }
      if (intent !== "bulk") throw new AppError("validation");
      const input = parseForm(bulkActionSchema, { ...formObject(form), ids: form.getAll("ids").map(String) });
      const counts = await runBulkAction(ctx, input);
      const message =
        input.action === "delete"
          ? "products:bulk.deleted"
          : input.action === "pricePercent" || input.action === "priceAmount"
            ? "products:bulk.done"
            : "products:bulk.updated";
      return { message, counts };
    },
    { intent },
  );
}
